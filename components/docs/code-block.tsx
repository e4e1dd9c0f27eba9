// A code block on /docs. A long line scrolls it sideways, so it takes the keyboard's focus
// (the arrow keys then scroll it), as WCAG asks of a scrolling region.
export function CodeBlock({ code }: { code: string }) {
  return (
    <pre tabIndex={0}>
      <code>{code}</code>
    </pre>
  );
}
