export * from './cities';
export * from './common';
export * from './constants';
export * from './enums';
export * from './errors';
export * from './model';
export * from './services';
export * from './site';
export * from './profile-lifecycle';
export {
  createProfileBodySchema,
  isBlankValue,
  mediaOrderBodySchema,
  PROFILE_FIELD_KEYS,
  PROFILE_VIEWS_MAX_DAYS,
  profileViewsQuerySchema,
  type OwnComplaintsResponse,
  type ProfileViewsQuery,
  type ProfileViewsResponse,
  profileDraftSchema,
  reasonBodySchema,
  type MediaOrderBody,
  type OwnMedia,
  type OwnProfile,
  type OwnProfileList,
  type ProfileDraft,
  type ProfilePromotions,
  type ReasonBody,
} from './api/profiles';
export { profileMediaParamsSchema, type OwnMediaList, type ProfileMediaParams } from './api/media';
// The texts (`contractsLocales`) are imported from 'contracts/locales': this index is shared by
// the federation as one module, and would carry both languages to every first page.
export type { ContractsMessages } from './locales';
export { validate, validateAsync, ROOT_FIELD, type ValidationResult } from './validate';
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
  mediaUploadSchema,
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
export {
  AUTH_TIMINGS,
  loginBodySchema,
  resendRegistrationCodeBodySchema,
  sendRestoreLinkBodySchema,
  updateEmailBodySchema,
  updateLoginBodySchema,
  verifyRegistrationCodeBodySchema,
  confirmEmailBodySchema,
  type ConfirmEmailBody,
  type EmailChangeRequestedResponse,
  type LoginBody,
  type OkResponse,
  type ProfileResponse,
  type RegistrationCodeSentResponse,
  type SessionResponse,
  type ResendRegistrationCodeBody,
  type SendRestoreLinkBody,
  type UpdateEmailBody,
  type UpdateLoginBody,
  type VerifyRegistrationCodeBody,
} from './api/auth';
// The schemas are in the entry `contracts/password-bodies` (they hold the common-password list).
export type {
  RestorePasswordBody,
  SendRegistrationCodeBody,
  UpdatePasswordBody,
} from './api/password-bodies';
export {
  devMailQuerySchema,
  MAIL_KINDS,
  type DevMailMessage,
  type DevMailQuery,
  type DevMailResponse,
  type MailKind,
} from './api/dev-mail';
export {
  MARK_NOTIFICATIONS_MAX,
  markNotificationsSchema,
  notificationListQuerySchema,
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  type MarkNotificationsInput,
  type MarkNotificationsResponse,
  type NotificationItem,
  type NotificationListQuery,
  type NotificationListQueryInput,
  type NotificationListResponse,
  type NotificationParams,
  type NotificationParamsByKind,
  type UnreadCountResponse,
} from './api/notifications';
export {
  promoCodeBodySchema,
  validatePublicPromoBodySchema,
  type PromoActivateResponse,
  type PromoCodeBody,
  type PromoCodeInfo,
  type PromoValidateResponse,
  type ValidatePublicPromoBody,
} from './api/promo';
export {
  analyticsBodySchema,
  profileViewBodySchema,
  type AnalyticsBody,
  type AnalyticsRecordedResponse,
  type ProfileViewBody,
  type ProfileViewsDay,
} from './api/analytics';
export {
  COMPLAINT_TEXT_MAX_LENGTH,
  complaintBodySchema,
  type ComplaintBody,
  type ComplaintBodyInput,
  type ComplaintCreatedResponse,
} from './api/complaints';
export type { OnlineCountResponse } from './api/presence';
export {
  isSoldPrice,
  type PriceItem,
  type PriceListResponse,
  type PricePageResponse,
  SOLD_PRICE_CODES,
} from './api/prices';
export {
  MODEL_ALTERNATIVES_LIMIT,
  type ModelAlternativesResponse,
  RECOMMENDATIONS_LIMIT,
  recommendationsBodySchema,
  type RecommendationsBody,
  type RecommendationsResponse,
} from './api/recommendations';
export type { OnlineModelsResponse, StreamingCountResponse } from './api/streams';
export {
  ADMIN_ACCOUNT_CAMPAIGNS,
  ADMIN_LEDGER_ENTRIES,
  ADMIN_MAX_PAGE_SIZE,
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_MAX_LENGTH,
  MODERATION_CLAIM_MINUTES,
  MODERATION_CLAIM_TARGETS,
  adminAccountSearchQuerySchema,
  adminAuditQuerySchema,
  adminPageQuerySchema,
  type AdminAccount,
  type AdminAccountCampaign,
  type AdminAccountDetails,
  type AdminAccountList,
  type AdminAccountSession,
  type AdminAccountSearchQuery,
  type AdminAuditQuery,
  type AdminAuditQueryInput,
  type AdminComplaint,
  type AdminCounts,
  type AdminLedgerLine,
  type AdminRef,
  type AdminPageQuery,
  type AdminProfile,
  type AuditEntry,
  type AuditLog,
  type ComplaintQueue,
  type ComplaintQueueItem,
  type ModerationClaim,
  type ModerationClaimed,
  type ModerationClaimTarget,
  type ModerationDetails,
  type ModerationQueue,
  type ModerationQueueItem,
  type ProfileChanges,
  type ProfileComplaints,
} from './api/admin';
export {
  createPaymentOrderBodySchema,
  FINAL_PAYMENT_STATUSES,
  GATEWAY_PAYMENT_STATUSES,
  PAYMENT_ORDERS_MAX_PAGE_SIZE,
  PAYMENT_ORDERS_PAGE_SIZE,
  paymentOrderListQuerySchema,
  paymentOrderParamsSchema,
  type CreatePaymentOrderBody,
  type CreatePaymentOrderInput,
  type GatewayPaymentStatus,
  type PaymentOrder,
  type PaymentOrderCreatedResponse,
  type PaymentOrderListQuery,
  type PaymentOrderListResponse,
} from './api/payments';
export {
  ADJUSTMENT_APPROVAL_RUBLES_DEFAULT,
  ADJUSTMENT_MAX_RUBLES,
  ADJUSTMENT_REASON,
  type AdminAdjustmentPending,
  type AdminAdjustmentQuery,
  type AdminBalanceAdjustment,
  type AdminBalanceAdjustmentList,
  adminAdjustmentQuerySchema,
  adjustmentBodySchema,
  adminPaymentOrderQuerySchema,
  PROMO_AMOUNT_BOUNDS,
  PROMO_DESCRIPTION_MAX_LENGTH,
  PROMO_MAX_ACTIVATIONS,
  promoCodeCreateBodySchema,
  type AdjustmentBody,
  type AdminPaymentOrder,
  type AdminPaymentOrderDetails,
  type AdminPaymentOrderList,
  type AdminPaymentOrderQuery,
  type AdminPaymentWebhook,
  type AdminPromoCode,
  type AdminPromoCodeList,
  type PromoCodeCreateBody,
  type PromoCodeCreateBodyInput,
} from './api/admin-money';
export {
  PRICE_MAX,
  PRICE_TITLE_MAX_LENGTH,
  priceItemBodySchema,
  priceItemParamsSchema,
  SLOGAN_MAX_LENGTH,
  sloganBodySchema,
  type AdminPriceItem,
  type AdminSite,
  type AdminSlogan,
  type PriceItemBody,
  type PriceItemParams,
  type SloganBody,
} from './api/admin-site';
export * from './photo-sizes';
export * from './locale-path';
export * from './remotes';
export * from './page-query';
