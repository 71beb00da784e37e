/** Channel folders: how the organization groups its channels. */
import { endpointList } from '../../endpoint.js';
import { createChannelFolder } from './create-channel-folder.js';
import { getChannelFolders } from './get-channel-folders.js';
import { reorderChannelFoldersEndpoint } from './reorder-channel-folders.js';
import { updateChannelFolderEndpoint } from './update-channel-folder.js';

export const CHANNEL_FOLDER_ENDPOINTS = endpointList(getChannelFolders, createChannelFolder, updateChannelFolderEndpoint, reorderChannelFoldersEndpoint);
