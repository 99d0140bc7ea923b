module.exports = require('@gta/shared/jest').createJestConfig(__dirname, { environment: 'node' });
