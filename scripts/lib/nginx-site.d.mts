export interface NginxSite {
  upstreams: string[];
  listen: string | number;
  serverName: string;
  assetsRoot: string;
  brotli: boolean;
}
export declare function nginxSite(site: NginxSite): string;
export declare const DEPLOYED_SITE: NginxSite;
