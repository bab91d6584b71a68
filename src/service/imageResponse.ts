/** Reading the service's image response (service-api.md §4.2): tolerant of missing fields. */

/** `data[].url` of an image response, or undefined when the body has no usable list. */
export function parseImageUrls(text: string): string[] | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return undefined;
  return data.map((entry) =>
    typeof entry === 'object' && entry !== null && typeof (entry as { url?: unknown }).url === 'string'
      ? (entry as { url: string }).url
      : '',
  );
}

export function parseCreated(text: string): number | undefined {
  try {
    const created = (JSON.parse(text) as { created?: unknown }).created;
    return typeof created === 'number' ? created : undefined;
  } catch {
    return undefined;
  }
}
