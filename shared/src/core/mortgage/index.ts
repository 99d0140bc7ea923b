/** Mortgage and closing-cost rules (Canada, Ontario, Toronto): the calculators' figures and the chat assistant's. */
export * from './rates';
export * from './payment';
export * from './landTransferTax';
