/** Words of the chat namespace (see translator.ts for the conventions). */
export default {
  // Notes under a reply (chat/notes.ts).
  emptyReply: 'The model returned an empty reply.',
  noEndMarker: '⚠️ The service ended the stream without an end marker; this reply may be incomplete.',
  maxTokens: 'The reply stopped at the max_tokens limit ({{maxTokens}}).',
  stoppedEarly: 'The service stopped the reply early (reason: {{reason}}).',
  cancelledInLine: '⏹️ Cancelled before it started; nothing was charged.',
  storageFailed: '⚠️ The bot could not save this exchange, so the next message may not remember it.',
  restartingCut: 'The bot is restarting, so this reply was cut short.',
  stoppedBy: '⏹️ Stopped by {{name}}.',
  stoppedByUncharged: '⏹️ Stopped by {{name}} before the service answered; nothing was charged.',
  context: 'context {{percent}} %',
  contextDropping: 'context {{percent}} % · the oldest messages no longer fit and are being forgotten',
  retrying: '⏳ The service could not answer yet. Retrying in {{wait}}…',
  fallbackDaily: 'answered with {{model}}: your daily limit would not cover {{refused}}',
  fallbackMonthly: 'answered with {{model}}: your monthly limit would not cover {{refused}}',
  // Waiting in the channel's queue (chat/queue.ts).
  waitingNext: '⏳ Waiting for the reply before yours in this channel…',
  waitingInLine:
    '⏳ You are number {{ahead}} in line in this channel; the bot answers one request at a time here.',
  // Where the app works only through the command's token (chat/deadline.ts).
  deadlineReason:
    "Here the bot can answer only within {{wait}} of the command (Discord's limit for an app installed to your account)",
  deadlineStopped: '{{reason}}, so it stopped the reply before that.',
  deadlineInLine: '⏳ {{reason}}, and this request was still waiting; nothing was charged.',
  // Buttons under a reply (chat/controls.ts).
  stop: 'Stop',
  regenerate: 'Regenerate',
  alreadyFinished: 'This reply has already finished.',
  stopForbidden:
    'Only the member who asked (or someone with the Manage Messages permission) can stop this reply.',
  regenerateForbidden:
    'Only the member who asked (or someone with the Manage Messages permission) can regenerate this reply.',
  notLatest:
    'Only the latest reply of a conversation can be regenerated, and this one is no longer the latest.',
  // Prompts (chat/prompt.ts).
  promptEmpty: 'Your prompt is empty. Write something to ask.',
  promptEmptyInstructions: 'Your prompt is empty. Write the instructions.',
  promptEmptyQuestion: 'Your prompt is empty. Write a question about the message.',
  promptTooLong: 'Your prompt is {{length}} characters; the limit is {{limit}}.',
  mentionHint: 'Write your question after the mention, for example: @me what is a monad?',
  // /ask (commands/ask).
  threadRule: 'thread must be true or false.',
  threadsNeedTheBot:
    'Threads can only be opened where the server added the bot; here it answers you as an app installed to your account.',
  threadsInServers: 'Threads can only be opened in a server channel.',
  alreadyThread: 'This is already a thread: just ask here.',
  memberCannotCreateThreads:
    'You cannot create threads in this channel, so /ask cannot open one for you. Ask without thread, or ask a moderator.',
  threadFailed: '⚠️ Could not open a thread ({{reason}}); the conversation continues in this channel.',
  threadHowToContinue:
    '💬 To continue in this thread, mention {{bot}} or reply to its messages: it does not see other messages here.',
  threadName: 'Conversation',
  formTitle: 'Ask {{model}}',
  formTitleAnyModel: 'Ask the model',
  formLabel: 'Your question',
  formDescription: 'Line breaks are kept. Up to {{limit}} characters.',
  formFilesLabel: 'Files (optional)',
  formFilesDescription: 'Up to {{files}} files of {{limit}} each: text, code, CSV, JSON, PDF or Word',
  // A reply too long for its messages (reply/overflow.ts).
  continuedInFile:
    '✂️ Continued in the attached {{file}} ({{chars}} more characters): Discord limits how many messages the bot may post for one command here.',
  cutHere:
    '✂️ Cut here: {{chars}} more characters are not shown. Discord limits how many messages the bot may post for one command here, and the bot may not attach files.',
  // Members' files (files/fileNote.ts): a line each under the reply, or a refusal.
  fileImage: '{{name}}: an image; this service reads text only',
  fileAudio: '{{name}}: audio; this service reads text only',
  fileVideo: '{{name}}: a video; this service reads text only',
  fileArchive: '{{name}}: an archive; the bot does not unpack archives',
  fileBinary: '{{name}}: not text, a PDF or a Word document, so not read',
  fileEncrypted: '{{name}}: the PDF is encrypted, so not read',
  fileNoText: '{{name}}: no text layer (a scan?), so not read',
  fileDamaged: '{{name}}: damaged or not what it seems, so not read',
  fileDeadline: '{{name}}: took too long to read, so not read',
  fileTooLarge: '{{name}}: needs more memory to read than the bot allows, so not read',
  fileBusy: '{{name}}: the bot is reading too many files right now; try again in a moment',
  fileCancelled: '{{name}}: reading was cancelled',
  fileNotDiscord: '{{name}}: not a Discord attachment address, so not fetched',
  fileTooBig: '{{name}} is {{size}}; the bot reads files up to {{limit}}.',
  fileTooBigTogether: '{{name}}: not read, the files together are over the {{limit}} the bot reads',
  fileUnpacksTooLarge: '{{name}}: would unpack past {{limit}}, so not read',
  fileDownloadFailed: '{{name}}: could not be downloaded ({{reason}})',
  filePagesCut: '{{name}}: pages 1-{{read}} of {{total}} read',
  fileCharsCut: '{{name}}: the first {{read}} of {{total}} characters read',
  fileDefaultQuestion: 'What is in this file?',
} as const;
