import type { BackendModule, InitOptions, ReadCallback, Services } from 'i18next';

/**
 * i18next's HTTP backend, downloaded the first time a namespace is fetched rather than with the
 * page: a server-rendered page carries its texts, so most visits never need it.
 */
export class LazyHttpBackend implements BackendModule {
  static readonly type = 'backend';
  readonly type = 'backend';
  private settings: [Services, object, InitOptions] | undefined;
  private backend: Promise<BackendModule> | undefined;

  init(services: Services, backendOptions: object, i18nextOptions: InitOptions): void {
    this.settings = [services, backendOptions, i18nextOptions];
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
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
