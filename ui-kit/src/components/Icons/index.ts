export * from './Icons';
