// The library half of the UI (theme, styles, primitives, dialogs): the page-wide state is in ../contract.ts
export * from './theme';
export * from './GlobalStyles';
export * from './imageEvents';
export * from './Dialog';
export * from './primitives';
export * from './AgentCard';
export * from './contracts';
export * from './SiteFrame';
export * from './siteChatOptions';
