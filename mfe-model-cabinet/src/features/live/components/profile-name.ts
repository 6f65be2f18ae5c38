import type { OwnProfile } from 'contracts';
import type { TFunction } from 'i18next';

export function profileName(profile: OwnProfile, t: TFunction): string {
  const raw = profile.draft.name;
  return typeof raw === 'string' && raw.trim() !== '' ? raw : t('myProfiles.untitled');
}
