// The portal's first screen (its layout, the home page and who is signed in) behind one dynamic import: each module
// the app imports dynamically gets a file of its own, and on a slow network each further file costs a round trip.
export { sessionQuery } from '../lib/use-session';
export { PortalLayout, prefetchPortalData } from './layouts/portal-layout';
export { HomePage, prefetchHomeData } from './pages/home-page';
