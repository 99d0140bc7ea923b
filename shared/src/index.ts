/** The one package every part may import. `@gta/shared/core` is the framework-free half the server uses too. */
export * from './core';
export * from './ui';
