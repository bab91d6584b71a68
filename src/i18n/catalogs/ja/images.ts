/** Words of /imagine and the message commands (see translator.ts for the conventions). */
export default {
  noAttachFiles:
    'ここでは画像を投稿できません。このチャンネルでボットに「ファイルを添付」の権限がありません。',
  rerollElsewhere: 'この画像リクエストは別のチャンネルで行われたため、そのチャンネルでのみ再生成できます。',
  buttonUnsupported: 'このボタンはサポートされなくなりました。',
  rerollTooOld: 'この画像リクエストは古すぎるため再生成できません。もう一度 /imagine を使ってください。',
  rerollNotYours: 'これらの画像を再生成できるのは、リクエストした本人（またはモデレーター）だけです。',
  promptEmpty: 'プロンプトが空です。欲しい画像を説明してください。',
  promptTooLong: 'プロンプトは {{length}} 文字です。上限は {{limit}} 文字です。',
  sizeInvalid: 'size は次のいずれかにしてください: {{sizes}}。',
  nInvalid: 'n は {{min}} から {{max}} までの整数にしてください。',
  reroll: '再生成',
  progress_other: '🎨 {{size}} の画像を {{count, number}} 枚生成しています …',
  imageCount_other: '画像 {{count, number}} 枚',
  noLink: '画像 {{index}}: サービスからリンクが送られてきませんでした。',
  linksNote:
    'ここではボットがファイルを添付できないため、サービスのリンクを表示しています（期限切れになることがあります）。',
  restarting: 'ボットが再起動中です。何も生成されませんでした。',
  notReadyInTime:
    'ここではボットはコマンドから {{wait}} 以内にしか応答できません（アカウントにインストールしたアプリに対する Discord の制限です）。画像が時間内に用意できなかったため、料金は発生していません。',
  fewerReturned_other: 'サービスから返された画像は {{count, number}} 枚中 {{got}} 枚でした。',
  tooLargeHere:
    '画像 {{index}} は大きすぎてここにアップロードできません（{{megabytes}} MB 超）: <{{url}}>（リンクは期限切れになることがあります）。',
  notDownloaded: '画像 {{index}} をダウンロードできませんでした: {{reason}}。',
  imagesOf: '画像 {{numbers}}（全 {{total}} 枚）',
  notPosted: '⚠️ 画像 {{numbers}} を投稿できませんでした（{{reason}}）。',
  downloadNoUrl: 'サービスから URL が送られてきませんでした',
  downloadInvalidUrl: 'サービスから有効な画像 URL が送られてきませんでした',
  downloadNotHttp: 'サービスから HTTP ではない画像 URL が送られてきました',
  downloadInternal: '画像のホストがプライベートまたは内部ネットワーク上にあり、ボットはそこから取得しません',
  downloadRedirectNotHttp: '画像のホストが http(s) ではないアドレスにリダイレクトしました',
  downloadStoppedResponding: '画像のホストが応答しなくなりました',
  downloadNoConnection: '画像のホストが接続を受け付けませんでした',
  downloadFailedCode: 'ダウンロードに失敗しました（{{code}}）',
  downloadFailed: 'ダウンロードに失敗しました',
  downloadTooManyRedirects: '画像のホストのリダイレクトが多すぎます',
  downloadStatus: '画像のホストが HTTP {{status}} を返しました',
  downloadTooLarge: '画像が大きすぎてアップロードできません',
  downloadNotPng: 'ファイルが PNG 画像ではありません',
  downloadCancelled: 'ダウンロードがキャンセルされました',
  downloadTooSlow: '画像のホストが {{wait}} 以上かかりました',
  askFormTitle: 'このメッセージについて質問',
  askFormLabel: 'メッセージについての質問',
  askFormDescription: '改行はそのまま残ります。最大 {{limit}} 文字です。',
  askQuestionEmpty: 'プロンプトが空です。メッセージについての質問を書いてください。',
  nothingToAskAbout:
    'このメッセージには、ボットが読めるテキストやテキストファイルがありません（画像やその他のファイルは読みません）。テキストのあるメッセージを選ぶか、/ask を使ってください。',
  askFormExpired:
    'このフォームは期限切れです（フォームはメッセージを 1 時間保持します）。もう一度メッセージで「このメッセージについて質問」を使ってください。',
  askAboutHead: '-# ↪️ {{author}} さんのメッセージについて: {{link}}',
  botNotInChannel:
    'ボットはこのチャットを読めません。ボットはここのメンバーではありません（自分のアカウントのアプリから使っています）。「ここから要約」は、ボット自身がいる場所、つまりボットを追加したサーバーとボットとの DM で使えます。',
  cannotReadHistory:
    'ボットはこのチャンネルのメッセージを読めません。ここでは「チャンネルを見る」と「メッセージ履歴を読む」の権限が必要です。サーバーの管理者がチャンネルの権限で付与できます。',
  memberCannotReadHistory:
    'あなた自身がこのチャンネルの履歴を読めません。「ここから要約」を使うには、あなたにもここで「チャンネルを見る」と「メッセージ履歴を読む」の権限が必要です。',
  summaryHead_other: '-# ↪️ {{link}} からの {{count, number}} 件のメッセージの要約',
  summaryOmitted_other:
    'このチャンネルの履歴の予算に収めるため、古い順に {{count, number}} 件のメッセージを省きました。',
};
