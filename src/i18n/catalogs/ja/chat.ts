/** Words of the chat namespace (see translator.ts for the conventions). */
export default {
  emptyReply: 'モデルから空の返答が返されました。',
  noEndMarker: '⚠️ サービスが終了マーカーなしでストリームを終えました。この返答は不完全な可能性があります。',
  maxTokens: '返答が max_tokens の上限（{{maxTokens}}）で止まりました。',
  stoppedEarly: 'サービスが返答を途中で止めました（理由: {{reason}}）。',
  cancelledInLine: '⏹️ 開始前にキャンセルされました。料金はかかっていません。',
  storageFailed: '⚠️ このやり取りを保存できなかったため、次のメッセージでは覚えていない可能性があります。',
  restartingCut: 'ボットが再起動中のため、この返答は途中で終わりました。',
  stoppedBy: '⏹️ {{name}} さんが停止しました。',
  stoppedByUncharged: '⏹️ サービスが応答する前に {{name}} さんが停止しました。料金はかかっていません。',
  context: 'コンテキスト {{percent}} %',
  contextDropping: 'コンテキスト {{percent}} % · 古いメッセージが収まらなくなったため、忘れられていきます',
  retrying: '⏳ サービスがまだ応答できません。{{wait}}後に再試行します…',
  fallbackDaily: '{{model}} で回答しました: 1日の上限では {{refused}} をまかなえません',
  fallbackMonthly: '{{model}} で回答しました: 月の上限では {{refused}} をまかなえません',
  waitingNext: '⏳ このチャンネルで前の返答が終わるのを待っています…',
  waitingInLine: '⏳ このチャンネルの待ち順は {{ahead}} 番目です。ここではボットは1件ずつ回答します。',
  deadlineReason:
    'ここではボットはコマンドから {{wait}} 以内しか回答できません（アカウントにインストールされたアプリに対する Discord の制限）',
  deadlineStopped: '{{reason}}。そのため、その前に返答を止めました。',
  deadlineInLine: '⏳ {{reason}}。このリクエストはまだ待機中でした。料金はかかっていません。',
  stop: '停止',
  regenerate: '再生成',
  alreadyFinished: 'この返答はすでに終わっています。',
  stopForbidden:
    'この返答を停止できるのは、質問したメンバー（または「メッセージの管理」権限を持つ人）だけです。',
  regenerateForbidden:
    'この返答を再生成できるのは、質問したメンバー（または「メッセージの管理」権限を持つ人）だけです。',
  notLatest: '再生成できるのは会話の最新の返答だけですが、これはもう最新ではありません。',
  promptEmpty: 'プロンプトが空です。質問を書いてください。',
  promptEmptyInstructions: 'プロンプトが空です。指示を書いてください。',
  promptEmptyQuestion: 'プロンプトが空です。メッセージについての質問を書いてください。',
  promptTooLong: 'プロンプトは {{length}} 文字です。上限は {{limit}} 文字です。',
  mentionHint: 'メンションの後に質問を書いてください。例: @me モナドとは？',
  threadRule: 'thread は true か false である必要があります。',
  threadsNeedTheBot:
    'スレッドはサーバーがボットを追加した場所でのみ開けます。ここではアカウントにインストールされたアプリとして回答しています。',
  threadsInServers: 'スレッドはサーバーのチャンネルでのみ開けます。',
  alreadyThread: 'ここはすでにスレッドです。このまま質問してください。',
  memberCannotCreateThreads:
    'このチャンネルではスレッドを作成できないため、/ask でスレッドを開けません。thread なしで質問するか、モデレーターに相談してください。',
  threadFailed: '⚠️ スレッドを開けませんでした（{{reason}}）。会話はこのチャンネルで続きます。',
  threadHowToContinue:
    '💬 このスレッドで続けるには、{{bot}} をメンションするか、ボットのメッセージに返信してください。ここでのそれ以外のメッセージはボットに届きません。',
  threadName: '会話',
  formTitle: '{{model}} に質問',
  formTitleAnyModel: 'モデルに質問',
  formLabel: '質問',
  formDescription: '改行はそのまま保たれます。最大 {{limit}} 文字です。',
  continuedInFile:
    '✂️ 続きは添付の {{file}} にあります（残り {{chars}} 文字）。Discord の制限により、ここではボットが1つのコマンドで投稿できるメッセージ数が限られています。',
  cutHere:
    '✂️ ここで切れています: 残り {{chars}} 文字は表示されません。Discord の制限により、ここではボットが1つのコマンドで投稿できるメッセージ数が限られており、ファイルも添付できません。',
};
