export * from './types.js';
export * from './properties.js';
export * from './errors.js';
export * from './ids.js';
export * from './cas.js';
