import { readFileSync } from 'node:fs';

/**
 * A JSON file's parsed contents, or the one line an operator reads about it: the file cannot be
 * read (its error code), or it is not JSON. The operator's files (prices, plans) start here.
 */
export function readJsonFile(path: string): { ok: true; json: unknown } | { ok: false; problem: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return {
      ok: false,
      problem: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    };
  }
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: `${path} is not valid JSON` };
  }
}
