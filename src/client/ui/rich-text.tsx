/**
 * User text as the app shows it everywhere: plain text, line breaks kept, http(s) links clickable. Preact escapes
 * every string, and no HTML from users is ever parsed: a "<script>" stays visible text.
 */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’]/gi;

function linkify(line: string) {
  const parts: (string | { href: string })[] = [];
  let last = 0;
  for (const m of line.matchAll(URL_PATTERN)) {
    if (m.index > last) parts.push(line.slice(last, m.index));
    parts.push({ href: m[0] });
    last = m.index + m[0].length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts.map((p, i) =>
    typeof p === 'string' ? (
      p
    ) : (
      <a key={i} href={p.href} rel="noopener noreferrer nofollow ugc" target="_blank">
        {p.href}
      </a>
    ),
  );
}

export function RichText({ text, class: className }: { text: string; class?: string }) {
  const lines = text.split('\n');
  return (
    <p class={className ? `rich-text ${className}` : 'rich-text'}>
      {lines.map((line, i) => (
        <>
          {linkify(line)}
          {i < lines.length - 1 && <br />}
        </>
      ))}
    </p>
  );
}
