// Moved to the first-screen layer (shared/src/firstScreen/typedBeforeHydration.ts); this path stays for the form-field
// kit beside it (./fields.tsx) until it imports from there.
export * from '../firstScreen/typedBeforeHydration';
