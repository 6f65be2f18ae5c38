export * from './cities';
export * from './common';
export * from './constants';
export * from './enums';
export * from './errors';
export * from './model';
export * from './site';
export { contractsLocales, type ContractsMessages } from './locales';
export { validate, ROOT_FIELD, type ValidationResult } from './validate';
export { adFormSchema, type AdFormInput, type AdFormValues } from './validation/ad';
export { topUpModalSchema, topUpSchema, type TopUpFormValues, type TopUpInput } from './validation/balance';
export { changeLoginSchema, type ChangeLoginInput } from './validation/change-login';
export { changePasswordSchema, type ChangePasswordInput } from './validation/change-password';
export { contactsSchema } from './validation/contacts';
export { emailSchema, forgotPasswordSchema, type ForgotPasswordInput } from './validation/email';
export {
  isSupportedMimeType,
  mediaFileSchema,
  mediaSetSchema,
  remainingMediaSlots,
  type MediaFile,
} from './validation/media';
export {
  confirmPasswordSchema,
  loginFormSchema,
  passwordSchema,
  registerFormSchema,
  type LoginFormInput,
  type RegisterFormInput,
  type RegisterFormValues,
} from './validation/password';
export {
  modelProfileInputSchema,
  type ModelProfileFormValues,
  type ModelProfileInput,
} from './validation/profile';
export {
  optionalPromoCodeSchema,
  promoCodeFormSchema,
  promoCodeSchema,
  type PromoCodeFormInput,
} from './validation/promo-code';
export {
  registrationCodeFormSchema,
  registrationCodeSchema,
  type RegistrationCodeFormInput,
} from './validation/registration-code';
export { restorePasswordSchema, type RestorePasswordInput } from './validation/restore-password';
