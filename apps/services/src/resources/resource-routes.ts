import type { Hono } from 'hono';
import type { AppEnv, ServicesContext } from '../http/app-env.ts';

export function registerResourceRoutes(_api: Hono<AppEnv>, _ctx: ServicesContext): void {}
