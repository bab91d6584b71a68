/** Words of /imagine and the message commands (see translator.ts for the conventions). */
export default {
  // /imagine's refusals and option checks (the member's voice).
  noAttachFiles: 'The bot cannot post images here: it lacks the Attach Files permission in this channel.',
  rerollElsewhere: 'This image request was made in another channel, so it can only be rerolled there.',
  buttonUnsupported: 'This button is no longer supported.',
  rerollTooOld: 'This image request is too old to reroll. Use /imagine again.',
  rerollNotYours: 'Only the person who asked for these images (or a moderator) can reroll them.',
  promptEmpty: 'Your prompt is empty. Describe the image you want.',
  promptTooLong: 'Your prompt is {{length}} characters; the limit is {{limit}}.',
  sizeInvalid: 'size must be one of {{sizes}}.',
  nInvalid: 'n must be a whole number from {{min}} to {{max}}.',
  // Under the images (the channel's voice).
  reroll: 'Reroll',
  progress_one: '🎨 Generating {{count, number}} image at {{size}} …',
  progress_other: '🎨 Generating {{count, number}} images at {{size}} …',
  imageCount_one: '{{count, number}} image',
  imageCount_other: '{{count, number}} images',
  noLink: 'Image {{index}}: the service sent no link for it.',
  linksNote: 'The bot may not attach files here, so these are the service’s links (they may expire).',
  restarting: 'The bot is restarting; nothing was generated.',
  notReadyInTime:
    'Here the bot can answer only within {{wait}} of the command (Discord’s limit for an app installed to your account), and the images were not ready in time; nothing was charged.',
  fewerReturned_one: 'The service returned {{got}} of {{count, number}} image.',
  fewerReturned_other: 'The service returned {{got}} of {{count, number}} images.',
  tooLargeHere:
    'Image {{index}} is too large to upload here (over {{megabytes}} MB): <{{url}}> (the link may expire).',
  notDownloaded: 'Image {{index}} could not be downloaded: {{reason}}.',
  imagesOf: 'Images {{numbers}} of {{total}}',
  notPosted: '⚠️ Images {{numbers}} could not be posted ({{reason}}).',
  // Why an image could not be downloaded (after "could not be downloaded: ").
  downloadNoUrl: 'the service sent no URL for it',
  downloadInvalidUrl: 'the service sent no valid image URL',
  downloadNotHttp: 'the service sent a non-HTTP image URL',
  downloadInternal: 'the image host is on a private or internal network, which the bot does not fetch from',
  downloadRedirectNotHttp: 'the image host redirected to an address that is not http(s)',
  downloadStoppedResponding: 'the image host stopped responding',
  downloadNoConnection: 'the image host did not accept a connection',
  downloadFailedCode: 'the download failed ({{code}})',
  downloadFailed: 'the download failed',
  downloadTooManyRedirects: 'the image host redirected too many times',
  downloadStatus: 'the image host answered HTTP {{status}}',
  downloadTooLarge: 'the image is too large to upload',
  downloadNotPng: 'the file is not a PNG image',
  downloadCancelled: 'the download was cancelled',
  downloadTooSlow: 'the image host took longer than {{wait}}',
  // "Ask about this message".
  askFormTitle: 'Ask about this message',
  askFormLabel: 'Your question about the message',
  askFormDescription: 'Line breaks are kept. Up to {{limit}} characters.',
  askQuestionEmpty: 'Your prompt is empty. Write a question about the message.',
  nothingToAskAbout:
    'This message has no text or text file the bot can read (images and other files are not read). Pick a message with text, or use /ask.',
  askFormExpired:
    'This form has expired (a form keeps its message for an hour). Use Ask about this message on the message again.',
  askAboutHead: '-# ↪️ About a message from {{author}}: {{link}}',
  // "Summarize from here".
  botNotInChannel:
    'The bot cannot read this chat: it is not a member here (you are using it from your own account’s apps). Summarize from here works where the bot itself is: servers that added it, and your DM with it.',
  cannotReadHistory:
    'The bot cannot read this channel’s messages: it needs View Channel and Read Message History here. A server admin can give it those in the channel’s permissions.',
  memberCannotReadHistory:
    'You cannot read this channel’s history yourself: Summarize from here needs you to have View Channel and Read Message History here too.',
  summaryHead_one: '-# ↪️ Summary of {{count, number}} message from {{link}}',
  summaryHead_other: '-# ↪️ Summary of {{count, number}} messages from {{link}}',
  summaryOmitted_one: 'The oldest message was left out to fit this channel’s history budget.',
  summaryOmitted_other:
    'The {{count, number}} oldest messages were left out to fit this channel’s history budget.',
} as const;
