/** "Umkreis" with its choices in km: the nearby screens of the map and of the diary. */
export function RadiusSelect({
  label,
  radii,
  value,
  onChange,
  format,
}: {
  label: string;
  radii: readonly number[];
  value: number;
  onChange: (km: number) => void;
  format: (km: number) => string;
}) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => onChange(Number(e.currentTarget.value))}>
        {radii.map((r) => (
          <option key={r} value={r}>
            {format(r)}
          </option>
        ))}
      </select>
    </label>
  );
}
