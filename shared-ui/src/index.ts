// The core entry: light components only. Dialogs, tabs and the toaster have entries of their
// own (shared-ui/dialog, shared-ui/tabs, shared-ui/toast) so a page loads only what it shows.
// Tokens first: every component's CSS reads them, and the reset must precede component styles.
import './styles/tokens.css';
import './styles/global.css';

export type { AdCardLabels, AdCardProps } from './components/ad-card/ad-card';
export { AdCard } from './components/ad-card/ad-card';
export type { BadgeProps, BadgeVariant, NotificationBadgeProps } from './components/badge/badge';
export { BADGE_CAP, Badge, formatBadgeCount, NotificationBadge } from './components/badge/badge';
export type {
  ButtonLinkProps,
  ButtonProps,
  ButtonSize,
  ButtonStyleOptions,
  ButtonVariant,
} from './components/button/button';
export { Button, ButtonLink, buttonClassName } from './components/button/button';
export type { CardPadding, CardProps } from './components/card/card';
export { Card } from './components/card/card';
export type {
  CategoryCardProps,
  CategoryCardsProps,
  CategoryLinkRenderProps,
  RenderCategoryLink,
} from './components/category-card/category-card';
export { CategoryCard, CategoryCards } from './components/category-card/category-card';
export type { CategoryKey, CategoryVisual } from './components/category-card/category-visuals';
export { CATEGORY_VISUALS } from './components/category-card/category-visuals';
export type { InputProps } from './components/input/input';
export { Input } from './components/input/input';
export type { LogoProps, LogoSize } from './components/logo/logo';
export { Logo } from './components/logo/logo';
export type {
  SegmentedOption,
  SegmentedSwitchProps,
} from './components/segmented-switch/segmented-switch';
export { SegmentedSwitch } from './components/segmented-switch/segmented-switch';
export type { PillLinkRenderProps, PillNavItem, PillNavProps } from './components/pill-nav/pill-nav';
export { PillNav } from './components/pill-nav/pill-nav';
export type { ScrollRegionProps } from './components/scroll-region/scroll-region';
export { ScrollRegion } from './components/scroll-region/scroll-region';
export type { SelectProps } from './components/select/select';
export { Select } from './components/select/select';
export type { SkeletonProps, SkeletonTextProps } from './components/skeleton/skeleton';
export { Skeleton, SkeletonText } from './components/skeleton/skeleton';
export type { SpinnerProps, SpinnerSize } from './components/spinner/spinner';
export { Spinner } from './components/spinner/spinner';
export type { TextAreaProps } from './components/text-area/text-area';
export { TextArea } from './components/text-area/text-area';
export type { VisuallyHiddenProps } from './components/visually-hidden/visually-hidden';
export { VisuallyHidden } from './components/visually-hidden/visually-hidden';
export { BdsmIcon, EliteIcon, IndividualIcon, MassageIcon } from './icons/category-icons';
export type { IconProps } from './icons/icon';
export { CloseIcon, EyeIcon, EyeOffIcon } from './icons/ui-icons';
