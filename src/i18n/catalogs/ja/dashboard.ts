/** Words of the web dashboard (src/dashboard/), chosen by the browser's Accept-Language. */
export default {
  // Every page
  product: 'ボットのダッシュボード',
  signedInAs: '{{name}} としてログイン中',
  logOut: 'ログアウト',
  // Refusals of a whole page
  forbiddenServer:
    'あなたはボットでこのサーバーを管理していません (「サーバー管理」権限と、サーバーにいるボットが必要です)。',
  staleForm:
    'このフォームを確認できませんでした: 最後のログインより前、または別のサイトから開かれたものです。ページを開き直して、そこから送信してください。',
  tooManyLogins: 'ここからのログインの試行が多すぎます: 1 分待ってからもう一度お試しください。',
  backToServers: 'あなたのサーバーに戻る',
  // The login page and the server list
  loginTitle: 'ボットのダッシュボード: ログイン',
  loginLead: 'あなたのサーバーでのボットの利用額を管理します。',
  loginLink: 'Discord でログイン',
  loginState: 'ログインを確認できませんでした (state)。もう一度お試しください。',
  loginNotAuthorized: 'Discord がログインを許可しませんでした。',
  loginRefused: 'Discord がログインを拒否しました。もう一度お試しください。',
  yourServers: 'あなたのサーバー',
  noServers:
    '管理できるサーバーはありません: ダッシュボードには、ボットがいて、あなたが「サーバー管理」権限を持つサーバーが表示されます。',
  // A server's spend
  rangeForm: '{{from}} から {{to}} まで',
  show: '表示',
  total_other: '{{from}} から {{to}} までに {{count, number}} 件のリクエストで {{money}} を使用しました。',
  downloadCsv: 'CSV をダウンロード',
  chartTitle: '日ごとの利用額、{{from}} から {{to}} まで',
  byModel: 'モデル別',
  byMember: 'メンバー別',
  byChannel: 'チャンネル別',
  byRole: 'ロール別',
  model: 'モデル',
  member: 'メンバー',
  channel: 'チャンネル',
  role: 'ロール',
  requests: 'リクエスト',
  cost: '費用',
  nothingInRange: 'この期間には何もありません',
  byRoleNote:
    'ロールごとのルールがあるロール (/usage show と同じ): リクエストはメンバーが持っていたそのようなロールそれぞれに数えられるため、行の合計が総額を超えることがあります。',
  noRoleWithRule: 'ルールのあるロールなし',
  datesFormat: '日付は YYYY-MM-DD で書いてください。',
  rangeBackwards: '期間の開始が終了より後 (または未来) です。',
  rangeTooLong: '一度に指定できるのは最大 10 年です。',
  // Budgets
  budgets: '予算',
  monthNoCap: '今月: {{spent}}、月間上限なし。',
  monthOfCap: '今月: {{cap}} のうち {{spent}}。',
  capBelowSpend: 'この上限は今月すでに使った {{spent}} を下回っています: 1 日までリクエストは拒否されます。',
  monthlyCapLabel: 'サーバーの月間上限 ({{currency}}、空欄: なし)',
  dailyCapLabel: 'メンバーごとの 1 日の上限 ({{currency}}、空欄: なし)',
  save: '保存',
  appliesNext: '変更は次のリクエストから適用されます。',
  saved: '保存しました: 次のリクエストから適用されます。',
  sentNotConfirmed:
    '送信しました: このサーバーを動かすプロセスはまだ確認していません。動き次第 (数秒以内に) 変更を適用します。確認するには再読み込みしてください。',
  capsInvalid: '上限は 5 や 0.25 のような金額で指定するか、空欄 (なし) にしてください。',
  // Requests in progress
  inProgress: '処理中のリクエスト',
  inProgressUnknown:
    'このサーバーを動かすプロセスが時間内に応答しなかったため、処理中のリクエストを今は表示できません。',
  inProgressAsOf: '現在枠を使っているリクエスト ({{time}} 時点)。',
  refresh: '更新',
  kind: '種類',
  started: '開始',
  chat: 'チャット',
  ago: '{{time}} 前',
  noneNow: '現在はありません',
  // Features and channels (/config)
  features: '機能とチャンネル',
  featureCost: '各返信の費用を表示する',
  featureContext: '会話の記憶がどれだけ埋まっているかを表示する',
  featureMentions: 'ボットへのメンションや返信に答える (DM には影響しません)',
  featureFallback: 'メンバーの上限でモデルが拒否されたら、収まる最も安い許可済みモデルで答える',
  featureLanguage: '質問したメンバーの言語 (Discord の言語) で答える',
  featureClassicLayout: 'カードではなく Discord の従来のレイアウト (プレーンテキストのメッセージ) で答える',
  where: 'ボットが答える場所',
  everywhere: '読めるすべての場所',
  listedOnly: 'チェックしたチャンネルのみ (スレッドは親チャンネルに従います):',
  channelGone: 'ボットから見えなくなったチャンネル',
  channelsUnknown:
    'このプロセスにはサーバーのチャンネルが見えません: 「すべての場所」を選ぶか、Discord で /config channels を使ってください。',
  configNote: '/config features と /config channels と同じ設定です。変更は次のリクエストから適用されます。',
  notACheckbox: '{{field}} はチェックボックスです: 「on」か未送信です。',
  chooseWhere: 'すべての場所か、チェックしたチャンネルを選んでください。',
  tooManyChannels: 'チャンネルは最大 {{max}} 個です。',
  unknownChannel: '不明なチャンネルです: このサーバーのチャンネルにチェックしてください。',
  // Rules per role
  roleRules: 'ロールごとのルール',
  dailyPerMember: 'メンバーごとの 1 日の上限',
  monthlyPerMember: 'メンバーごとの月間上限',
  models: 'モデル',
  serverDefault: 'サーバーの既定',
  none: 'なし',
  allAllowed: '許可されたすべて',
  yes: 'はい',
  no: 'いいえ',
  clear: '削除',
  noRule: 'ルールなし: 全メンバーがサーバーの既定値です',
  dailyRuleLabel: 'メンバーごとの 1 日の上限 (空欄: サーバーの値)',
  monthlyRuleLabel: 'メンバーごとの月間上限 (空欄: なし)',
  modelsLabel: 'モデル (チェックなし: サーバーが許可するすべて)',
  mayImagine: '/imagine を使える',
  saveRule: 'ルールを保存',
  mostGenerous: '複数のロールを持つメンバーには、各項目で最も寛大な値が適用されます。',
  rolesUnknown:
    'このプロセスにはサーバーのロールが見えません: Discord で /budget role を使ってルールを設定するか、少し後で再読み込みしてください。',
  roleInvalid: 'ロールと、5 や 0.25 のような上限 (空欄: 既定)。',
  notARoleId: 'ロール ID ではありません。',
  notARole: 'このサーバーのロールではありません: サーバーのロールから選んでください。',
  everyoneRole:
    '@everyone は全員が持っています: サーバー自体の上限は「予算」で設定するか、別のロールを選んでください。',
  // The server's own service key (/config service-key)
  serviceKey: 'サービスキー',
  keyNeedsEncryption:
    'このボットではサーバー独自のサービスキーを保存できません。キーを封印して保存するための DATA_ENCRYPTION_KEY をボットの運営者が設定していません。運営者に設定を依頼してください。',
  keyNone: 'このサーバーには独自のサービスキーがありません。リクエストにはボットの運営者のキーが使われます。',
  keySet:
    'このサーバーは独自のサービスキー (末尾 …{{last4}}) を使っています。設定者: {{user}}、{{day}} {{time}} UTC。',
  keyLabel: '新しいキー (現在のキーを置き換えます)',
  saveKey: 'キーを保存',
  clearKey: 'キーを削除',
  keyNote:
    '/config service-key と同じです: キーは封印して保存され、末尾 4 文字以外は二度と表示されません。このサーバーのリクエストはこのキーを使い、ボットの運営者には課金されません。',
  keyInvalid:
    'サービスキーではありません: 空白や改行を含まない 1〜400 文字で入力してください。何も保存していません。',
  keyUnopened:
    'このサーバーを動かすプロセスがキーを開けませんでした (ボットのプロセス間で DATA_ENCRYPTION_KEY が共通ではありません)。何も保存していません。',
  // Paid plans (PLANS_FILE) and who paid this month
  planAndPayers: 'プランと支払い元',
  planLine: 'プラン: {{plan}}。今月の利用枠 {{allowance}} のうち残り {{left}}。クレジット残高 {{credit}}。',
  planFree: '無料の利用枠',
  planSubscribed_other: 'サーバーのサブスクリプション {{count, number}} 件',
  creditPacks: 'クレジットパック',
  noPacks: '購入したクレジットパックはありません。',
  packCredited: '付与日',
  packAmount: '金額',
  packRefunded: '返金済み',
  whoPaid_other:
    '今月: ボットの運営者の支払い {{operator}}、このサーバー独自のキーでの支払い {{serverKey}} ({{count, number}} 件のリクエスト)。',
};
