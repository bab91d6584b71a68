import type { Command } from '../src/command.js';
import { askCommand } from './ask.js';
import { budgetCommand } from './budget.js';
import { configCommand } from './config.js';
import { imagineCommand } from './imagine.js';
import { resetCommand } from './reset.js';
import { systemCommand } from './system.js';
import { usageCommand } from './usage.js';

/** Every slash command the bot registers, explicitly. */
export const commands: readonly Command[] = [
  askCommand,
  imagineCommand,
  resetCommand,
  systemCommand,
  configCommand,
  usageCommand,
  budgetCommand,
];
