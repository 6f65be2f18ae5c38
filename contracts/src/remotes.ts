/**
 * The federation's names and registry shape: the shell and platform load remotes by them in the
 * browser, and the API's page renderer finds a remote's server build by them.
 */

/** The remotes the shell knows by role; their URLs come from the run-time registry. */
export const REMOTES = {
  catalog: 'mfe_catalog',
  auth: 'mfe_auth',
  modelCabinet: 'mfe_model_cabinet',
  advertiserOffice: 'mfe_advertiser_office',
  admin: 'mfe_admin',
} as const;
export type RemoteName = keyof typeof REMOTES;

/** A federation name the registry keeps: `mfe_catalog`. */
export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;

/**
 * The areas rendered on the server (the public pages). The others stay client-rendered and out
 * of search engines (`noindex`).
 */
export const SERVER_RENDERED_REMOTES: readonly RemoteName[] = ['catalog'];

/**
 * `remotes.json`: federation name -> the remote's entries, absolute or relative to the page:
 * `entry` its browser build's mf-manifest.json, `ssr` its server build's file (for the pages it
 * renders on the server), `integrity` that file's content hash as in Subresource Integrity
 * (`sha384-<base64>`; the build writes it): the server runs the file only when its bytes hash to
 * it, and production runs no server file without one. A bare string is the browser entry alone.
 */
export type RegistryEntry =
  | string
  | {
      entry: string;
      ssr?: string;
      integrity?: string;
      /** The release this record names (issue 30), `1.4.0+3f9a1c2b7d10`, when the registry keeps it. */
      version?: string;
      /** The routes the release declares: where they are given, they decide which remote owns a path. */
      routes?: string[];
    };
export type RemoteRegistry = Record<string, RegistryEntry>;
