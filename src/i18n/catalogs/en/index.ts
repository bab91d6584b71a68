/** The en catalog: one file per namespace (each feature's words), keys flat within it. */
import chat from './chat.js';
import config from './config.js';
import dashboard from './dashboard.js';
import errors from './errors.js';
import images from './images.js';
import spend from './spend.js';

export default { chat, errors, spend, config, images, dashboard };
