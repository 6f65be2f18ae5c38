import type { AccountType, Category } from 'contracts';

/** Route patterns (for matching) and builders (for links), shared by the shell and remotes. */
export const routePatterns = {
  home: '/',
  category: '/category/:category',
  model: '/girl/:id',
  stream: '/stream/:id/:channelId',
  price: '/price',
  login: '/login/:type',
  register: '/register/:type',
  forgotPassword: '/forgot-password',
  restorePassword: '/restore-password',
  confirmEmail: '/confirm-email',
  modelCabinet: '/profile/*',
  advertiserOffice: '/advister/*',
  admin: '/admin/*',
} as const;

export const paths = {
  home: () => '/',
  listing: (category: Category, page = 1) => `/category/${category}?page=${page}`,
  model: (id: number) => `/girl/${id}`,
  price: () => '/price',
  login: (type: AccountType) => `/login/${type}`,
  register: (type: AccountType) => `/register/${type}`,
  forgotPassword: () => '/forgot-password',
  modelCabinet: () => '/profile',
  advertiserOffice: () => '/advister',
  admin: () => '/admin',
} as const;
