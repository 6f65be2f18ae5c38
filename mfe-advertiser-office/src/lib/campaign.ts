import type { Campaign, CampaignDraft } from 'contracts/campaigns';

export type { AdPlacement as CampaignPlacement, AdPricing as CampaignPricing } from 'contracts';
export type {
  Campaign,
  CampaignCalendar,
  CampaignDraft,
  CampaignList,
  CampaignQuote,
  CampaignStats,
  CampaignTab,
  CampaignWithBalance as CampaignSubmitted,
} from 'contracts/campaigns';
export type CampaignImage = NonNullable<Campaign['image']>;
export type CampaignStatus = Campaign['status'];

/** The draft a campaign's fields make (what the wizard edits and saves); blank ones are left out. */
export function draftOf(campaign: Campaign): CampaignDraft {
  const draft: CampaignDraft = {
    format: campaign.format,
    heading: campaign.heading,
    description: campaign.description,
    link: campaign.link,
    buttonText: campaign.buttonText,
    cities: campaign.cities.map((city) => city.slug),
    impressions: campaign.impressions,
  };
  if (campaign.placement) draft.placement = campaign.placement;
  if (campaign.pricing) draft.pricing = campaign.pricing;
  if (campaign.startsOn) draft.startsOn = campaign.startsOn;
  if (campaign.endsOn) draft.endsOn = campaign.endsOn;
  return draft;
}
