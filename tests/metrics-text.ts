// Reading a Prometheus text scrape in the e2e specs and the cluster suite: samples by labels.

/** The samples of one metric in a scrape: labels (as written, `{…}` or "") → value. */
export function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match && match[1] === name) found.set(match[2] ?? "", Number(match[3]));
  }
  return found;
}

/** A metric without labels (a plain counter), 0 when the scrape does not have it. */
export function counter(text: string, name: string): number {
  return samples(text, name).get("") ?? 0;
}
