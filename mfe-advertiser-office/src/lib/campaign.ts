// The campaign as the API answers it (the shared contract of issue 15). Kept here until the API's
// contracts land in `contracts`; then these names are imported from there.

export type CampaignStatus = 'draft' | 'moderation' | 'published' | 'completed' | 'rejected';
export type CampaignPlacement = 'main' | 'cities' | 'everywhere';
export type CampaignPricing = 'impressions' | 'days';
export type CampaignAction = 'edit' | 'submit' | 'repeat' | 'delete';
export type CampaignTab = 'published' | 'completed' | 'saved' | 'moderation';

export interface CampaignImage {
  url: string;
  width: number;
  height: number;
}

export interface Campaign {
  id: string;
  status: CampaignStatus;
  format: string;
  heading: string;
  description: string;
  link: string;
  buttonText: string;
  image: CampaignImage | null;
  placement: CampaignPlacement;
  cities: { slug: string; name: { ru: string; en: string } }[];
  pricing: CampaignPricing;
  impressions: number | null;
  impressionsServed: number;
  clicks: number;
  startsOn: string | null;
  endsOn: string | null;
  costPerDay: number | null;
  total: number | null;
  paid: number;
  rejectReason: string | null;
  actions: CampaignAction[];
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  publishedAt: string | null;
}

/** What a save sends: any subset of the fields, the filled ones valid. */
export interface CampaignDraft {
  format?: string;
  heading?: string;
  description?: string;
  link?: string;
  buttonText?: string;
  placement?: CampaignPlacement;
  cities?: string[];
  pricing?: CampaignPricing;
  impressions?: number | null;
  startsOn?: string | null;
  endsOn?: string | null;
}

export interface CampaignList {
  items: Campaign[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CampaignQuote {
  costPerDay: number;
  days: number;
  minDays: number;
  total: number;
}

export interface CampaignCalendar {
  month: string;
  slotsPerDay: number;
  days: { day: string; free: number }[];
  nextFreeDate: string | null;
}

export interface CampaignStats {
  days: { day: string; impressions: number; clicks: number; spend: number }[];
  totals: { impressions: number; clicks: number; spend: number };
}

export interface CampaignSubmitted {
  campaign: Campaign;
  balance: number;
}

/** The draft a campaign's fields make (what the wizard edits and saves). */
export function draftOf(campaign: Campaign): CampaignDraft {
  return {
    format: campaign.format,
    heading: campaign.heading,
    description: campaign.description,
    link: campaign.link,
    buttonText: campaign.buttonText,
    placement: campaign.placement,
    cities: campaign.cities.map((city) => city.slug),
    pricing: campaign.pricing,
    impressions: campaign.impressions,
    startsOn: campaign.startsOn,
    endsOn: campaign.endsOn,
  };
}
