export default {
  // /config
  manageServerOnly: 'Bot の設定を変更できるのは「サーバー管理」権限を持つメンバーだけです。',
  saved: '✅ 保存しました。',
  chooseChannelAction: '許可、削除、すべての場所 のいずれかを選んでください。',
  giveChannelToAllow: '許可するチャンネルを指定してください。',
  giveChannelToRemove: '外すチャンネルを指定してください。',
  unknownSetting: '不明な設定です。',
  clearRateLimitServerWide: 'rate_limit はサーバー全体の設定です。チャンネルを指定せずにクリアしてください。',
  setRateLimitServerWide: 'rate_limit はサーバー全体の設定です。チャンネルを指定せずに設定してください。',
  giveAFeature:
    'cost_line、context_line、answer_mentions、fallback、answer_in_language、classic_layout のうち少なくとも 1 つを指定してください。',
  giveASetting: '変更する設定を少なくとも 1 つ指定してください。',
  modelNotAmongAllowed: '{{model}} は許可されたモデルに含まれていません（/config models）。',
  // /config show
  sourceOption: 'コマンドのオプション',
  sourceChannel: 'チャンネル',
  sourceGuild: 'サーバー',
  sourceDefault: 'Bot の既定値',
  showHeader:
    '**{{channel}} の設定**（コマンドのオプションがチャンネルより、チャンネルがサーバーより、サーバーが Bot の既定値より優先されます）:',
  showModel: '• モデル: {{model}}（{{source}}）',
  showTemperature: '• 温度: {{temperature}}（{{source}}）',
  serviceDefault: 'サービスの既定値',
  showMaxTokens: '• 1 回の返信の最大トークン数: {{maxTokens}}（{{source}}）',
  showHistory_other: '• 履歴の予算: {{count, number}} トークン（{{source}}）',
  showSystemPrompt_other: '• システムプロンプト: 設定済み、{{count, number}} 文字（/system show）',
  showNoSystemPrompt: '• システムプロンプト: なし',
  showServerWide: '**サーバー全体:**',
  showAllowedModels: '• 許可されたモデル: {{models}}',
  allModels: 'すべて',
  none: 'なし',
  showChannels: '• チャンネル: {{channels}}',
  everywhere: 'Bot が見られるすべての場所',
  showMentions: '• メンションと返信に答える: {{state}}',
  yes: 'はい',
  no: 'いいえ',
  showUnderReplies: '• 返信の下: 料金は{{cost}}、コンテキストは{{context}}',
  shown: '表示',
  hidden: '非表示',
  showFallback: '• メンバーの上限でモデルが断られたとき、より安いモデルで答える: {{state}}',
  showAnswerInLanguage: '• 質問したメンバーの言語で答える: {{state}}',
  showClassicLayout: '• カードではなく Discord の従来のレイアウト (プレーンテキスト) で答える: {{state}}',
  on: 'オン',
  off: 'オフ',
  showRateLimit_other: '• レート制限: メンバーごとに 1 分あたり {{count, number}} リクエスト',
  showRateLimitDefault_other:
    '• レート制限: メンバーごとに 1 分あたり {{count, number}} リクエスト（Bot の既定値）',
  // /system
  manageChannelsHere:
    'このチャンネルのシステムプロンプトを変更できるのは、ここで「チャンネルの管理」権限を持つメンバーだけです。',
  manageChannelsIn:
    '{{channel}} のシステムプロンプトを変更できるのは、そこで「チャンネルの管理」権限を持つメンバーだけです。',
  systemFormExpired:
    'このフォームは期限切れです（/system のフォームは 1 時間有効です）。もう一度 /system set を使ってください。',
  systemFormNeedsManageChannels:
    'このフォームを送信するには、送信するチャンネルで「チャンネルの管理」権限が必要ですが、今はその権限がありません。{{channel}} で直接 /system set を使ってください。',
  systemFormTitle: 'システムプロンプトを設定',
  systemFormLabel: '指示',
  systemFormDescription_other:
    'チャンネルでのすべての会話の前に送られます。最大 {{count, number}} 文字です。',
  systemPromptSet_other: '{{channel}} のシステムプロンプトを設定しました（{{count, number}} 文字）:',
  systemPromptCleared: '{{channel}} には独自のシステムプロンプトがなくなりました。',
  systemPromptShown: '{{channel}} のシステムプロンプト:',
  noSystemPrompt: '{{channel}} には独自のシステムプロンプトがありません。',
  // /reset
  manageMessagesToReset:
    'このチャンネルの会話をリセットできるのは、ここで「メッセージの管理」権限を持つメンバーだけです。',
  resetDone:
    '🧹 {{name}} さんがこのチャンネルの会話をリセットしました。Bot は会話を忘れたので、次のメッセージから新しい会話が始まります。',
  // 設定による拒否
  whereOption: 'あなたのコマンドのオプション',
  whereChannel: 'このチャンネルの設定',
  whereGuild: 'このサーバーの設定',
  whereDefault: 'Bot の既定値',
  whereRegenerated: '再生成する返信のオプション',
  modelNotAllowed:
    'モデル {{model}}（{{where}}による指定）はこのサーバーでは許可されていません。サーバーの許可モデル設定（/config models）で使えるのは {{allowed}} です。',
  maxTokensAtMost: 'ここでは max_tokens は最大 {{max}} です（{{where}}）。',
  maxTokensAtMostConfig: 'ここでは max_tokens は最大 {{max}} です（{{where}}、/config）。',
  listModels: 'モデルを 1 つ以上、または "all" を指定してください: {{models}}。',
  unknownModels: '不明なモデルです: {{unknown}}。次から選んでください: {{models}}。',
  // リクエストのオプション
  unknownModel: '不明なモデルです。次のいずれかを選んでください: {{models}}。',
  temperatureRule: 'temperature は {{min}} から {{max}} までの数値にしてください。',
  wholeNumberRule: '{{name}} は {{min}} から {{max}} までの整数にしてください。',
  wholeNumberRuleOperator: '{{name}} は {{min}} から {{max}} までの整数にしてください（Bot 運営者の上限）。',
  optionsInvalid: 'これらのオプションは無効です。',
  // ロールごとのルール
  modelNotForRoles:
    'モデル {{model}} は、このサーバーでのあなたのロールでは許可されていません。ロールのルール（/budget role）で使えるのは {{allowed}} です。',
  imagineNotForRoles:
    'このサーバーでのあなたのロールでは /imagine は許可されていません（ロールのルール、/budget role）。',
  // A server's own service key (/config service-key)
  serviceKeyNeedsEncryption:
    'このボットではサーバー独自のサービスキーを保存できません。キーを封印して保存するための DATA_ENCRYPTION_KEY をボットの運営者が設定していません。運営者に設定を依頼してください。',
  serviceKeyFormTitle: 'このサーバーのサービスキー',
  serviceKeyFormLabel: 'サービスの API キー',
  serviceKeyFormDescription: '封印して保存され、二度と表示されません。このサーバーのリクエストに使われます。',
  serviceKeySaved:
    '✅ 末尾が …{{last4}} のキーを保存しました。このサーバーのリクエストは今後このキーを使い、ボットの運営者には課金されません。',
  serviceKeyShown:
    'このサーバーは独自のサービスキー（末尾 …{{last4}}）を使っています。設定者: {{user}}、{{when}}。',
  serviceKeyNone:
    'このサーバーには独自のサービスキーがありません。リクエストにはボットの運営者のキーが使われます。',
  serviceKeyCleared:
    '✅ このサーバーのキー（末尾 …{{last4}}）を削除しました。リクエストには再びボットの運営者のキーが使われます。',
  serviceKeyRefusedAlert:
    '⚠️ サービスがこのサーバー独自のサービスキー（末尾 …{{last4}}、HTTP {{status}}）を拒否しました。管理者がキーを差し替える（/config service-key set）か削除する（/config service-key clear）まで、このキーを使うリクエストは失敗します。',
  serviceKeyInvalid:
    'サービスキーではありません。空白や改行を含まない 1〜400 文字で入力してください。何も保存していません。',
};
