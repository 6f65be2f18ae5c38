export * from './common';
export * from './constants';
export * from './enums';
export * from './errors';
export * from './model';
export * from './site';
