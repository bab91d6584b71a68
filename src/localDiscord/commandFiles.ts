/**
 * Files members give as command options (an ATTACHMENT option, type 11): Discord uploads them
 * before the interaction, sends the option's value as the attachment's id with the attachment in
 * `resolved.attachments`, and serves it from its CDN under `ephemeral-attachments/`. The local
 * Discord keeps the newest COMMAND_FILES_KEPT such files and serves them the same way.
 */
import type { ServerResponse } from 'node:http';
import type { LocalAttachment } from './model.js';
import type { DiscordState } from './state.js';

export const COMMAND_FILES_KEPT = 200;

const PATH = /^\/ephemeral-attachments\/(\d+)\/([^/]+)$/;

/** The file's address on the local CDN. */
function fileUrl(discord: DiscordState, file: LocalAttachment): string {
  return (
    file.url ??
    `${discord.apiUrl.replace('/api', '')}/ephemeral-attachments/${file.id}/${encodeURIComponent(file.filename)}`
  );
}

/** Keeps `file` for serving, and returns the attachment as `resolved.attachments` carries it. */
export function addCommandFile(discord: DiscordState, file: LocalAttachment): Record<string, unknown> {
  discord.commandFiles.set(file.id, file);
  for (const oldest of discord.commandFiles.keys()) {
    if (discord.commandFiles.size <= COMMAND_FILES_KEPT) break;
    discord.commandFiles.delete(oldest);
  }
  const url = fileUrl(discord, file);
  return {
    id: file.id,
    filename: file.filename,
    size: file.size,
    url,
    proxy_url: url,
    ...(file.contentType && { content_type: file.contentType }),
    ephemeral: true,
  };
}

/** Serves `/ephemeral-attachments/<id>/<file name>`; false when the path is not one. */
export function serveCommandFile(discord: DiscordState, path: string, res: ServerResponse): boolean {
  const match = PATH.exec(path);
  if (!match) return false;
  const file = discord.commandFiles.get(match[1] as string);
  sendCdnFile(res, file?.filename === decodeURIComponent(match[2] as string) ? file : undefined);
  return true;
}

/** A file as the CDN serves it, with the type it was uploaded with; 404 when there is none. */
export function sendCdnFile(res: ServerResponse, file: LocalAttachment | undefined): void {
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    return;
  }
  res.writeHead(200, {
    'content-type': file.contentType ?? 'application/octet-stream',
    'content-length': file.data.length,
  });
  res.end(file.data);
}
