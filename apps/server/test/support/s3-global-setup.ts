import type { TestProject } from 'vitest/node';
import { startTestS3Server } from './s3-server';

/** The S3 stage (vitest.s3.config.ts): one local S3 server and bucket for the whole run. */
export default async function setup(project: TestProject) {
  const server = await startTestS3Server();
  project.provide('s3Env', server.env);
  return () => server.stop();
}
