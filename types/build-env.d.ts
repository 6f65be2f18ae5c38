/** Set by the Rspack DefinePlugin in every front-end build. */
declare const __DEV__: boolean;
