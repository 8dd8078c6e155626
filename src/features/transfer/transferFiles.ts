// The files a transfer reads (./csvFiles, ./watchedFile) and writes (./exportFiles): one module of the
// deferred part.
export * from './csvFiles';
export * from './exportFiles';
export * from './watchedFile';
