/**
 * A call's redactor: the configured one, and the call's own key too (a server's own key, which
 * the configured redactor may not know yet). A text in which the key reappears once scrubbed
 * (overlapping copies) is dropped whole rather than quoted.
 */
export function callRedactor(
  redact: (text: string) => string,
  key: string | undefined,
): (text: string) => string {
  if (!key) return redact;
  return (text) => {
    const scrubbed = redact(text.replaceAll(key, '[redacted]'));
    return scrubbed.includes(key) ? '' : scrubbed;
  };
}
