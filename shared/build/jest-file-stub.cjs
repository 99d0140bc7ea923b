// Imported images and fonts resolve to their file name in unit tests (webpack gives a hashed URL in builds).
module.exports = 'test-file-stub';
