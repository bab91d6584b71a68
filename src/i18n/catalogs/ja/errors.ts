/** Words of the errors namespace (see translator.ts for the conventions). */
export default {
  serviceSaid: 'サービスからのメッセージ:「{{detail}}」',
  serviceAuth:
    'サービスがこのボットの API キーを拒否しました（HTTP {{status}}）。ボットの管理者がキーを修正する必要があります。料金はかかっていません。',
  serviceOwnKeyRefused:
    'サービスがこのサーバー独自のサービスキーを拒否しました（HTTP {{status}}）。料金はかかっていません。管理者は /config service-key show で確認できます。',
  serviceQuota:
    'サービスによると、このボットのアカウントはクォータを使い切りました。{{said}} ボットの管理者が補充する必要があります。',
  serviceBusy: 'サービスが現在混み合っています（レート制限）。少し待ってからもう一度お試しください。',
  serviceBusyWait: 'サービスが現在混み合っています（レート制限）。{{wait}}後にもう一度お試しください。',
  serviceUnavailable:
    'サービスは現在利用できません（HTTP {{status}}）。少し待ってからもう一度お試しください。',
  serviceRefused: 'サービスがリクエストを拒否しました（HTTP {{status}}）。{{said}}',
  serviceCancelled: 'リクエストはキャンセルされました。',
  serviceNoStart: 'サービスが {{wait}} 以内に応答を開始しませんでした。もう一度お試しください。',
  serviceUnreachable:
    'ボットがサービスに接続できませんでした（{{reason}}）。少し待ってからもう一度お試しください。',
  connectTimedOut: '接続がタイムアウトしました',
  serviceFailedEarly: 'サービスへのリクエストが応答を得る前に失敗しました。もう一度お試しください。',
  replyCut: '返答は途中で切れました。',
  noReply: '返答は届きませんでした。',
  replyTooLong: '返答に {{wait}} 以上かかったため、ボットが停止しました。',
  answerTooLarge: 'サービスが {{size}} を超える応答を送ってきたため、ボットは読み込みません。',
  eventTooLarge:
    'サービスが1つのストリームイベントで {{size}} を超えるデータを送ってきたため、ボットは読み込みを止めました。',
  serviceSilent: 'サービスから {{wait}} 何も届かなかったため、ボットは待つのをやめました。',
  connectionDropped: '返答の途中でサービスとの接続が切れました。',
  serviceReported: 'サービスがエラーを報告しました:「{{message}}」。',
  serviceReportedMidReply: '返答の途中でサービスがエラーを報告しました:「{{message}}」。',
  unreadableReply: 'サービスがボットの読めない返答を送ってきました。',
  unreadableImages: 'サービスは応答しましたが、ボットが読める画像はありませんでした。',
  characters_other: '{{count, number}} 文字',
  storeUnavailable:
    '⚠️ ボットのストレージが現在利用できません。料金はかかっていません。1分ほど待ってからもう一度お試しください。',
  discordRefused: '⚠️ Discord がボットのリクエストを拒否しました（エラー {{code}}: {{message}}）。',
  discordBusy:
    '⚠️ Discord が現在ボットのリクエストを受け付けませんでした。少し待ってからもう一度お試しください。',
  internal: '⚠️ ボット内部で問題が発生しました（エラー ID {{errorId}}）。運営者がログで確認できます。',
  discordSaid: 'Discord からのメッセージ: {{message}}',
  discordFailed: 'Discord でエラーが発生しました',
  restartingNow: '⏳ ボットは再起動中です。1分ほど待ってからもう一度お試しください。',
  formGone:
    'このフォームはもう使えません（古いバージョンのボットのものかもしれません）。もう一度コマンドを使ってください。',
  commandGone:
    'このコマンドは利用できません（アップデートで削除された可能性があります）。/ を入力して現在のコマンドを確認してください。',
  buttonGone: 'このボタンはもう使えません（古いバージョンのボットのものかもしれません）。',
  buttonUnsupported: 'このボタンはサポートされなくなりました。',
  userInstallOff:
    'このボットはサーバーに追加された場所でのみ動作します。運営者がアカウントにインストールしたアプリとしての利用をオフにしています。',
  dmsOff:
    'このボットはサーバーでのみ動作します。ボットとのダイレクトメッセージはオフになっています。共通のサーバーで質問してください。',
  channelNotAllowed:
    'このチャンネルではボットが有効になっていません。このサーバーの許可チャンネル設定（/config channels）に含まれていません。',
  chatBusy:
    'このチャンネルではすでにリクエストを実行中です。終わるまで待つか停止ボタンを押してから、もう一度質問してください。',
  imagesBusy: 'このチャンネルではすでに画像を生成中です。完了を待ってからもう一度お試しください。',
  tooFastServer:
    'リクエストの送信が速すぎます。このサーバーではメンバーごとに1分あたり {{perMinute}} 件までです。{{wait}}後にもう一度お試しください。',
  tooFastBot:
    'リクエストの送信が速すぎます。このボットではメンバーごとに1分あたり {{perMinute}} 件までです。{{wait}}後にもう一度お試しください。',
  refusedPublicly:
    '⛔ このリクエストは拒否されました。理由を知るにはもう一度お試しください（あなただけに表示されます）。',
};
