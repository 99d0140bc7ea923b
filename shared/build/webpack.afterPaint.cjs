// The inline after-paint loader (afterPaintLoader.cjs), built with the shared package into dist/afterPaintLoader.js.
module.exports = require('./afterPaintLoader.cjs').afterPaintLoaderConfig();
