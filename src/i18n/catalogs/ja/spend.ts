/** Words of the spend namespace: /usage, /budget, refusals by a cap, alerts, the cost line. */
export default {
  // /usage
  usageManageOnly: 'サーバーの利用状況を見られるのは「サーバー管理」権限を持つメンバーだけです。',
  unknownPeriod: '不明な期間です。',
  periodThisMonth: '今月',
  periodLastMonth: '先月',
  periodToday: '今日',
  periodLast7Days: '過去 7 日間',
  periodLast30Days: '過去 30 日間',
  periodAllTime: '全期間',
  periodRange: '{{period}}（{{from}}〜{{to}}、UTC）',
  datesRange: '{{from}}〜{{to}}（UTC）',
  reportHead_other: '**利用額 · {{label}}**: {{count, number}} 件のリクエストで {{money}}',
  reportEstimated_other: '（うち {{count, number}} 件はトークン数が推定）',
  requestsShort_other: '{{count, number}} 件',
  images_other: '画像 {{count, number}} 枚',
  tokens: '入力 {{input}} · 出力 {{output}} トークン',
  byModel: '**モデル別**',
  modelLine: '`{{model}}`: {{requests}} · {{detail}} · {{money}}',
  topMembers: '**利用額の多いメンバー**',
  memberLine: '{{rank}}. <@{{userId}}>: {{money}}（{{requests}}）',
  byRole: '**ロール別**（ロールごとのルール。複数のロールを持つメンバーはそれぞれに計上）',
  roleLine: '<@&{{roleId}}>: {{money}}（{{requests}}）',
  noRoleLine: 'ルールのあるロールなし: {{money}}（{{requests}}）',
  paidWithServerKey: 'このサーバー自身のキーで支払い: {{money}}（{{requests}}）',
  budgetLine: '予算: {{caps}}',
  budgetMonthly: '月間上限 {{cap}}（今月 {{percent}}% 使用）',
  budgetDaily: 'メンバーごとに 1 日 {{cap}}',
  chartTitle: '日別の利用額 · {{label}}',
  // /usage export
  exportPeriodAndDates: '`period` か `from`/`to` の日付のどちらか一方を指定してください。',
  exportDateFormat:
    '`{{name}}` は YYYY-MM-DD 形式（UTC）の日付で指定してください（例: 2026-11-01）。受け取った値: {{value}}',
  exportDateNotReal: '`{{name}}`: {{value}} は実在しない日付です。',
  exportFromAfterTo: '`from`（{{from}}）が `to`（{{to}}）より後になっています。その間には何もありません。',
  exportFromFuture:
    '`from`（{{from}}）は未来の日付です（今日は {{today}}、UTC）。まだエクスポートするものはありません。',
  billedRequests_other: '課金済みリクエスト {{count, number}} 件',
  rows_other: '{{count, number}} 行',
  exportSummary: '{{requests}} · {{money}} · {{label}}',
  exportSpan: '{{first}}〜{{last}} UTC',
  exportNoRows: '行なし',
  exportOversized_other:
    '-# ⚠️ {{count, number}} 件のリクエストを除外しました: この大きさのファイルには長すぎる行です（ID {{ids}}）。',
  exportRetention:
    '-# 個々のリクエストは {{days}} 日間保存されます（日ごとの合計はもっと長く残ります）。この期間はそれより前にさかのぼるため、エクスポートの行数が /usage show の件数より少なくなることがあります。',
  exportRestSameDay: '{{command}}（最初の行は {{time}} UTC まで、パート {{part}} の終わりと重複します）',
  exportInParts: '**利用状況のエクスポート** · {{label}}、準備できたパートから送ります。',
  exportPart: 'パート {{part}} · {{rows}} · {{span}}',
  exportDone_other: '✅ 完了: {{summary}}、{{count, number}} 個のファイル。',
  exportThroughDay: '{{from}} から {{last}} までのすべて（UTC）',
  exportUpToTime: '{{from}} から {{last}} UTC まで',
  exportCut:
    '⚠️ 1 回のエクスポートで送れる上限の {{parts}} ファイルで停止しました。含まれるのは {{requests}}（{{money}}）、{{through}} です。',
  exportForTheRest: '残りは: {{command}}',
  exportStopped: '⚠️ エクスポートはパート {{part}} の後で止まりました: {{reason}}。',
  exportStoppedEmpty: '{{head}} 上のファイルには行がありません。',
  exportStoppedHeld: '{{head}} 上のファイルには {{last}} UTC までの {{requests}} が含まれます。',
  exportInternalError: 'ボット内部で問題が発生しました（エラー ID {{errorId}}、ログに記録）',
  // /budget
  budgetManageOnly: 'サーバーの予算を変更できるのは「サーバー管理」権限を持つメンバーだけです。',
  capInvalid: '上限は 0 から {{max}} までの数値で指定してください。',
  setGiveOne: '`monthly`、`daily_per_member`、またはその両方を指定してください。',
  clearChoose: '解除する上限を選んでください: 月間、メンバーごとの1日、両方 のいずれかです。',
  alertsGiveChannel: 'アラートを送るチャンネルを指定してください。',
  none: 'なし',
  settingsMonthly: '月間上限: {{monthly}}',
  settingsMonthlySpent: '{{cap}}（今月の利用額 {{spent}}）',
  settingsDaily: 'メンバーごとの 1 日の上限: {{daily}}',
  settingsAlerts: 'アラート: {{channel}}',
  settingsNoAlertChannel: 'チャンネル未設定',
  // /budget role
  ruleLine:
    '<@&{{roleId}}>: 1 日 {{daily}} · 月間 {{monthly}}（メンバーごと） · モデル {{models}} · /imagine {{imagine}}',
  ruleNoCap: '上限なし',
  ruleServerDefault: 'サーバーの既定',
  ruleAllModels: 'サーバーが許可するすべて',
  yes: '可',
  no: '不可',
  noRules: 'ロールごとのルールはありません。全メンバーにサーバーの上限とモデルが適用されます。',
  rulesHeading_other:
    'ロールごとのルール（最大 {{max}} 件中 {{count, number}} 件。複数持つメンバーには項目ごとに最も緩い値が適用されます）:',
  ruleGiveField: 'このロールに `daily`、`monthly`、`models`、`imagine` のいずれかを指定してください。',
  chooseRole: 'ロールを選んでください。',
  everyoneRole: '@everyone は全員が持っています。サーバー自体の上限は /budget set で設定してください。',
  ruleRemoved: '<@&{{roleId}}> のルールを削除しました。',
  ruleNotThere: '<@&{{roleId}}> にはルールがありませんでした。',
  tooManyRules:
    'このサーバーにはすでに上限の {{max}} 件のロールルールがあります。先に 1 つ削除してください（/budget role clear）。',
  // Refusals by a cap
  operatorCapReached: 'ボットは今月の利用上限に達しました。来月 1 日（UTC）から再び応答します。',
  operatorCapNoRoom:
    'ボットは今月の利用上限に近づいています。このリクエストは残りを超える可能性があります。短い質問や安いモデルなら収まるかもしれません。収まらない場合は来月 1 日（UTC）から再び応答します。',
  serverCapReached:
    'このサーバーはボットの月間利用上限に達しました。来月 1 日（UTC）にリセットされます。サーバー管理者は /budget で上限を引き上げられます。',
  serverCapReachedFigures: 'このサーバーはボットの月間利用上限に達しました（{{cap}} 中 {{spent}} を使用）。',
  serverCapReachedPending:
    'このサーバーはボットの月間利用上限に達しました（{{cap}} 中 {{spent}} を使用、{{pending}} が処理中）。',
  dmCapReached: 'ボットとのダイレクトメッセージの今日の上限に達しました。00:00 UTC にリセットされます。',
  dmCapReachedFigures:
    'ボットとのダイレクトメッセージの今日の上限に達しました（{{cap}} 中 {{spent}} を使用）。00:00 UTC にリセットされます。',
  userInstallCapInServer:
    'このサーバーでのボット利用の今日の上限に達しました。ここではあなたがインストールしたことで動いています（{{cap}} 中 {{spent}} を使用）。00:00 UTC にリセットされます。',
  userInstallCapOutside:
    'ボットを追加したサーバー以外（ボットの DM、グループ DM、フレンドとの DM）での今日の上限に達しました（{{cap}} 中 {{spent}} を使用）。00:00 UTC にリセットされます。',
  memberDailyCapReached:
    'このサーバーでのあなたの 1 日の利用上限に達しました。00:00 UTC にリセットされます。',
  memberDailyCapFigures:
    'このサーバーでのあなたの 1 日の利用上限に達しました（今日 {{cap}} 中 {{spent}}）。00:00 UTC にリセットされます。',
  memberMonthlyCapReached:
    'このサーバーでのあなたの月間利用上限に達しました。来月 1 日（UTC）にリセットされます。',
  memberMonthlyCapFigures:
    'このサーバーでのあなたの月間利用上限に達しました（今月 {{cap}} 中 {{spent}}）。来月 1 日（UTC）にリセットされます。',
  serverCapNoRoomFigures:
    'このリクエストは、このサーバーのボットの月間利用上限の残り {{left}} を超える可能性があります（{{cap}} 中 {{spent}} を使用）。',
  serverCapNoRoomPending:
    'このリクエストは、このサーバーのボットの月間利用上限の残り {{left}} を超える可能性があります（{{cap}} 中 {{spent}} を使用、{{pending}} が処理中）。',
  serverCapNoRoom:
    'このリクエストは、このサーバーのボットの月間利用上限の残りを超える可能性があります。サーバー管理者は /budget で上限を引き上げられます。',
  dmCapNoRoomFigures:
    'このリクエストは、ボットとのダイレクトメッセージの今日の上限の残り {{left}} を超える可能性があります（{{cap}} 中 {{spent}} を使用）。00:00 UTC にリセットされます。',
  dmCapNoRoom:
    'このリクエストは、ボットとのダイレクトメッセージの今日の上限の残りを超える可能性があります。00:00 UTC にリセットされます。',
  userInstallNoRoomInServer:
    'このリクエストは、このサーバーでのボット利用の今日の上限の残り {{left}} を超える可能性があります。ここではあなたがインストールしたことで動いています（{{cap}} 中 {{spent}} を使用）。00:00 UTC にリセットされます。',
  userInstallNoRoomOutside:
    'このリクエストは、ボットを追加したサーバー以外（ボットの DM、グループ DM、フレンドとの DM）での今日の上限の残り {{left}} を超える可能性があります（{{cap}} 中 {{spent}} を使用）。00:00 UTC にリセットされます。',
  memberDailyNoRoom:
    'このリクエストは、このサーバーでのあなたの 1 日の利用上限の残りを超える可能性があります。00:00 UTC にリセットされます。',
  memberDailyNoRoomFigures:
    'このリクエストは、このサーバーでのあなたの 1 日の利用上限の残り {{left}} を超える可能性があります（今日 {{cap}} 中 {{spent}}）。00:00 UTC にリセットされます。',
  memberMonthlyNoRoom:
    'このリクエストは、このサーバーでのあなたの月間利用上限の残りを超える可能性があります。来月 1 日（UTC）にリセットされます。',
  memberMonthlyNoRoomFigures:
    'このリクエストは、このサーバーでのあなたの月間利用上限の残り {{left}} を超える可能性があります（今月 {{cap}} 中 {{spent}}）。来月 1 日（UTC）にリセットされます。',
  raiseServerMonthly: '管理者（サーバー管理権限）は /budget set monthly で上限を引き上げられます。',
  raiseMemberDaily:
    '管理者（サーバー管理権限）は /budget set daily_per_member で、ロールごとには /budget role set daily で上限を引き上げられます。',
  raiseMemberMonthly: '管理者（サーバー管理権限）は /budget role set monthly で上限を引き上げられます。',
  // Paid plans (PLANS_FILE): refusals, and /usage show
  planSpentFigures:
    'このサーバーのプランの今月の利用枠を使い切りました（{{allowance}} 中 {{spent}}）。購入したクレジットも残っていません。',
  planNoRoomFigures:
    'このリクエストは、このサーバーのプランの今月の利用枠とクレジットの残り {{left}} を超える可能性があります（{{allowance}} 中 {{spent}} を使用、クレジット {{credit}}）。',
  planSpent: 'このサーバーは今月のプランの利用枠を使い切りました。来月 1 日（UTC）に更新されます。',
  planNoRoom: 'このリクエストは、このサーバーのプランの今月の利用枠の残りを超える可能性があります。',
  planAddMore:
    'サーバー管理者はアプリのストアでサーバーのサブスクリプションやクレジットを購入できます。メンバーのサブスクリプションなら、あなた自身の質問が対象になります。',
  planLine: 'プラン: {{plan}}。今月の利用枠 {{allowance}} のうち残り {{left}}。クレジット残高 {{credit}}。',
  planFree: '無料の利用枠',
  planSubscribed: 'サーバーのサブスクリプション（{{count}}）',
  planCredits: 'クレジットパック: {{count}} 個、合計 {{money}}。最新は {{day}}。',
  // Channel messages
  alertReached:
    '📈 このサーバーの今月のボット利用額が上限の {{percent}}% に達しました: {{cap}} 中 {{spent}}。',
  alertRefusing: '上限が引き上げられる（/budget）か月が替わるまで、新しいリクエストはお断りします。',
  costImage: '💰 {{money}}',
  costChat: '💰 {{money}} · {{tokens}}',
  costChatEstimated: '💰 {{money}} · {{tokens}}（推定）',
};
