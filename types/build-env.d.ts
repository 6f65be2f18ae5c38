/** Set by the Rspack DefinePlugin in every front-end build. */
declare const __DEV__: boolean;
/** The URL this bundle's files are served from (Rspack computes it for `publicPath: 'auto'`). */
declare const __webpack_public_path__: string;
/** True in an app's server build (server rendering), false in its browser build. */
declare const __SERVER__: boolean;
