// /projects/data: the data feature's choice of the project (the most recently opened one).
export { default } from '@/features/data/components/LatestProjectData';
