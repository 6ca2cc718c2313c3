// Hand-written contract types of the exposed modules (dts is off, DESIGN §3), and their loaders.
import type { ComponentType, ReactNode } from 'react';

import { loadRemoteDefault, type RemoteKey } from './remote-registry';

export type PageComponent = ComponentType<Record<string, never>>;
export interface HomePageProps {
  recognitionSlot?: ReactNode;
}

export interface RemoteModule<P> {
  remote: RemoteKey;
  expose: string;
  load: () => Promise<{ default: ComponentType<P> }>;
}

function remoteModule<P>(remote: RemoteKey, expose: string): RemoteModule<P> {
  return { remote, expose, load: () => loadRemoteDefault<ComponentType<P>>(remote, expose) };
}

export const REMOTE_MODULES = {
  home: remoteModule<HomePageProps>('quotes', 'HomePage'),
  tasks: remoteModule<Record<string, never>>('quotes', 'TasksPage'),
  customize: remoteModule<Record<string, never>>('quotes', 'CustomizePage'),
  recognition: remoteModule<Record<string, never>>('recognition', 'RecognitionPanels'),
  clients: remoteModule<Record<string, never>>('clients', 'ClientsPage'),
  account: remoteModule<Record<string, never>>('account', 'AccountPage'),
  company: remoteModule<Record<string, never>>('account', 'CompanyPage'),
  admin: remoteModule<Record<string, never>>('admin', 'AdminPage'),
} as const;
