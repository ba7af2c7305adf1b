/** German texts of the doses (du-form): the tick on the health tab and on the dashboard's "heute". */
export const dosesTexts = {
  tick: 'Gabe abhaken',
  tickLabel: (medication: string) => `${medication}: Gabe abhaken`,
  given: 'Gegeben',
  givenLabel: (medication: string) => `${medication}: Gegeben`,
  givenBy: (who: string | null, time: string) => `Gegeben von ${who ?? 'dir'} um ${time}`,
  stockLeft: (stock: number, unit: string | null) => ` · noch ${stock}${unit ? ` ${unit}` : ''}`,
  undo: 'Rückgängig',
  undoLabel: (medication: string) => `${medication}: Rückgängig`,
  dueToday: (dog: string, medication: string, left: number) =>
    `${dog}: ${medication} – ${left <= 0 ? 'für heute erledigt' : left === 1 ? 'heute noch eine Gabe' : `heute noch ${left} Gaben`}`,
};
