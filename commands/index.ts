import type { Command } from '../src/command.js';
import { askCommand } from './ask.js';
import { imagineCommand } from './imagine.js';

/** Every slash command the bot registers, explicitly. */
export const commands: readonly Command[] = [askCommand, imagineCommand];
