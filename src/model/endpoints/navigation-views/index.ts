/** Each user's navigation views: settings for the left sidebar's built-in views, and named views of their own. */
import { endpointList } from '../../endpoint.js';
import { addNavigationView } from './add-navigation-view.js';
import { editNavigationView } from './edit-navigation-view.js';
import { getNavigationViews } from './get-navigation-views.js';
import { removeNavigationView } from './remove-navigation-view.js';

export const NAVIGATION_VIEW_ENDPOINTS = endpointList(getNavigationViews, addNavigationView, editNavigationView, removeNavigationView);
