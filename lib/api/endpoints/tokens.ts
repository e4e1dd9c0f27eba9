// API-token management for the portal (contract §2, §10 /tokens).
export const tokenEndpoints = {};
