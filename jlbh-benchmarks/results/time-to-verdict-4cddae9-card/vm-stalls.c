/* Two threads on the two vCPUs: thread 0 spins on CLOCK_MONOTONIC and keeps its gaps over 20 us; thread 1 spins too
   (argument 1 = 1) or sleeps 1 ms at a time and keeps its wake-ups over 50 us late (argument 1 = 0). Argument 2: seconds.
   Prints, per thread, its gaps over 100 us and in which tenth of 100 ms they fall. gcc -O2 -pthread vm-stalls.c */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#include <string.h>
static long long now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1000000000LL+t.tv_nsec;}
#define MAXG 100000
typedef struct {long long at[MAXG]; long long len[MAXG]; int n; int spin; long long end;} S;
static S s[2];
static long long t0;
void* run(void*a){S*x=(S*)a; long long last=now();
  while(1){ long long t;
    if(x->spin){ t=now(); } else { struct timespec ts={0,1000000}; long long asked=now()+1000000; nanosleep(&ts,0); t=now(); long long late=t-asked; if(late>50000 && x->n<MAXG){x->at[x->n]=asked-t0;x->len[x->n]=late;x->n++;} if(t>x->end)break; continue;}
    long long g=t-last; if(g>20000 && x->n<MAXG){x->at[x->n]=last-t0;x->len[x->n]=g;x->n++;}
    last=t; if(t>x->end)break; }
  return 0;}
int main(int argc,char**argv){int both=atoi(argv[1]); double secs=atof(argv[2]);
  t0=now(); pthread_t th[2];
  for(int i=0;i<2;i++){s[i].spin=(i==0)||both; s[i].end=t0+(long long)(secs*1e9); pthread_create(&th[i],0,run,&s[i]);}
  for(int i=0;i<2;i++)pthread_join(th[i],0);
  for(int i=0;i<2;i++){ long long tot=0; int big=0; for(int k=0;k<s[i].n;k++){tot+=s[i].len[k]; if(s[i].len[k]>100000)big++;}
    printf("thread %d (%s): %d gaps, %d over 100us, total %.2f ms\n",i,s[i].spin?"spin":"sleep1ms",s[i].n,big,tot/1e6);
    // histogram of phase mod 100ms for gaps>100us
    int ph[10]={0}; for(int k=0;k<s[i].n;k++) if(s[i].len[k]>100000) ph[(s[i].at[k]/10000000)%10]++;
    printf("  phase (10ms bins of 100ms) of gaps>100us:"); for(int b=0;b<10;b++)printf(" %d",ph[b]); printf("\n");
    printf("  first gaps >100us (ms@, us):"); int c=0; for(int k=0;k<s[i].n&&c<25;k++) if(s[i].len[k]>100000){printf(" %.1f/%lld",s[i].at[k]/1e6,s[i].len[k]/1000);c++;} printf("\n");
  }
}
