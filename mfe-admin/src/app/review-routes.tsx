import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { screen } from './screen';

// Each screen is its own chunk: the queue loads without the review view, the review without the complaints.
const ProfilesQueuePage = lazy(() => import('../features/moderation/components/profiles-queue-page'));
const ProfileReviewPage = lazy(() => import('../features/moderation/components/profile-review-page'));
const CampaignsQueuePage = lazy(() => import('../features/moderation/components/campaigns-queue-page'));
const CampaignReviewPage = lazy(() => import('../features/moderation/components/campaign-review-page'));
const ComplaintsPage = lazy(() => import('../features/complaints/components/complaints-page'));
const ProfileComplaintsPage = lazy(() => import('../features/complaints/components/profile-complaints-page'));

/**
 * The moderation screens' routes (queues, review views, complaints), as a fragment of <Route>s
 * the admin's <Routes> holds inside its frame.
 */
export function reviewRoutes() {
  return (
    <>
      <Route path="/admin" element={screen(<ProfilesQueuePage />)} />
      <Route path="/admin/profiles/:id" element={screen(<ProfileReviewPage />)} />
      <Route path="/admin/ads" element={screen(<CampaignsQueuePage />)} />
      <Route path="/admin/ads/:id" element={screen(<CampaignReviewPage />)} />
      <Route path="/admin/complaints" element={screen(<ComplaintsPage />)} />
      <Route path="/admin/complaints/:id" element={screen(<ProfileComplaintsPage />)} />
    </>
  );
}
