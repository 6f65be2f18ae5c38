import type { BackendModule, InitOptions, ReadCallback, Services } from 'i18next';

/** Reads one language of a namespace the app bundles itself (in a chunk of its own). */
export type LocalRead = (language: string, callback: ReadCallback) => void;

export interface LazyBackendOptions {
  local?: Record<string, LocalRead>;
}

/**
 * i18next's HTTP backend, downloaded the first time a namespace is fetched rather than with the
 * page: a server-rendered page carries its texts, so most visits never need it.
 */
export class LazyHttpBackend implements BackendModule {
  static readonly type = 'backend';
  readonly type = 'backend';
  private settings: [Services, object, InitOptions] | undefined;
  private backend: Promise<BackendModule> | undefined;

  /** Namespaces whose texts come from the app's own chunks, not over HTTP. */
  private local: Record<string, LocalRead> = {};

  init(services: Services, backendOptions: LazyBackendOptions, i18nextOptions: InitOptions): void {
    this.settings = [services, backendOptions, i18nextOptions];
    this.local = backendOptions.local ?? {};
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const local = this.local[namespace];
    if (local) {
      local(language, callback);
      return;
    }
    this.backend ??= import('i18next-http-backend').then(({ default: HttpBackend }) => {
      const backend: BackendModule = new HttpBackend();
      if (this.settings) backend.init(...this.settings);
      return backend;
    });
    this.backend.then(
      (backend) => backend.read(language, namespace, callback),
      (error: Error) => {
        // A failed download is tried again with i18next's next retry.
        this.backend = undefined;
        callback(error, null);
      },
    );
  }
}
