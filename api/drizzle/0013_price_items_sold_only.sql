-- The price page lists only what can be bought. The first seed also wrote rows for things the
-- product never sold: a "verified" badge, a colour highlight, an automatic daily bump, 5 extra
-- photos (a profile holds 5 photos and 1 video in all) and a sidebar banner (ads show on the main
-- page and in city listings only). The seed no longer writes them; a database seeded before loses
-- them here. Nothing references price rows: sales read the price of a code when they are made.
DELETE FROM "price_items"
WHERE ("list" = 'additional_services'
    AND "code" IN ('verified_badge', 'extra_photos', 'highlight_7_days', 'auto_bump_7_days'))
  OR ("list" = 'ads_boosting' AND "code" = 'sidebar_banner_week');
