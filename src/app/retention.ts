/** What the retention sweep removes, and when: each capability declares its own rules (docs/operators.md). */
import { askTargetRetention } from '../chat/askTargets.js';
import { conversationRetention } from '../chat/conversationStore.js';
import type { Config } from '../config.js';
import { dashboardRetention } from '../dashboard/index.js';
import { imagineRetention } from '../images/imagineRequests.js';
import type { RetentionRule } from '../ops/retention.js';
import { planMemberDayRetention } from '../plans/planGate.js';
import { budgetAlertRetention } from '../spend/budgetAlerts.js';
import { ledgerEntryRetention } from '../spend/ledgerKeys.js';
import { memberDayRetention } from '../spend/memberDay.js';

export function retentionRules(
  config: Pick<Config, 'conversationRetentionDays' | 'ledgerEntryRetentionDays'>,
): RetentionRule[] {
  return [
    ...imagineRetention,
    ...askTargetRetention,
    ...dashboardRetention,
    ...memberDayRetention,
    ...planMemberDayRetention,
    ...budgetAlertRetention,
    ...conversationRetention(config.conversationRetentionDays),
    ...ledgerEntryRetention(config.ledgerEntryRetentionDays),
  ];
}
