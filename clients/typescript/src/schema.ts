/**
 * The hebbs-graph REST API, generated from its OpenAPI document (GET /schema/openapi.json)
 * by `npm run generate -- <url-or-file>` with openapi-typescript. Do not edit by hand.
 */

export interface paths {
    "/v1/contradictions/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Commit
         * @description Apply verdicts (contradiction, revision, dismiss) all at once, or none of them.
         */
        post: operations["V1ContradictionsCommitCommit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contradictions/prepare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare
         * @description Pending contradiction candidates (strongest first) with what is needed to judge them.
         */
        post: operations["V1ContradictionsPreparePrepare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contradictions/scan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scan
         * @description Run detection over existing memories (all, one entity, or since a time).
         */
        post: operations["V1ContradictionsScanScan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * RememberConversation
         * @description Remember a conversation: one episode per turn (``speaker: text``), chained by
         *     FOLLOWED_BY. The same session_id again appends; turns already stored (the same
         *     message_id, or a re-sent run of the session's last turns) are skipped.
         */
        post: operations["V1ConversationsRememberConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Entities
         * @description Entity ids with how many episodes each holds.
         */
        get: operations["V1EntitiesEntities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export
         * @description A backup of the tenant (or one entity) as NDJSON: a header line, then every
         *     memory, relationship, pending contradiction, tombstone, entity and reflect cursor,
         *     then an end line with the counts (a file without it was cut off).
         */
        get: operations["V1ExportExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Forget
         * @description Hard-delete every memory matching all criteria; tombstones remain.
         */
        post: operations["V1ForgetForget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/graph": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Graph
         * @description Nodes and edges around some memories or an entity (bounded), for the palace.
         */
        get: operations["V1GraphGraph"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live */
        get: operations["V1HealthLiveLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ready
         * @description Ready when Neo4j answers and the indexes are ONLINE.
         */
        get: operations["V1HealthReadyReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore
         * @description Restore a backup (the body, as GET /v1/export wrote it) into this tenant, all or
         *     nothing. Refused: a bad line (named), ids already stored, a non-empty target
         *     unless allow_non_empty, embeddings of another model unless re_embed.
         */
        post: operations["V1ImportRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Insights
         * @description Insights, best first, each with the ids of the memories it was drawn from.
         */
        get: operations["V1InsightsInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SemanticMap
         * @description Every memory of an entity placed by meaning (a 2-D projection of the stored
         *     vectors), its labelled regions and the INSIGHT_FROM, CONTRADICTS and CAUSED_BY
         *     edges among them, for the palace's map of large entities.
         */
        get: operations["V1MapSemanticMap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * ListMemories
         * @description Memories newest first; pass next_cursor back as cursor for the next page.
         */
        get: operations["V1MemoriesListMemories"];
        put?: never;
        /**
         * Remember
         * @description Remember one episode; links to its entity's timeline and any edges given.
         *
         *     201 with the new memory; 200 with the existing one, reinforced, when the entity
         *     already holds a current episode saying the same (on_duplicate: store stores a
         *     second copy anyway).
         */
        post: operations["V1MemoriesRemember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{memory_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GetMemory */
        get: operations["V1MemoriesMemoryIdGetMemory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{memory_id}/edges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Edges */
        get: operations["V1MemoriesMemoryIdEdgesEdges"];
        put?: never;
        /**
         * Link
         * @description Link two memories (CAUSED_BY: effect → cause; RELATED_TO).
         */
        post: operations["V1MemoriesMemoryIdEdgesLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{memory_id}/lineage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lineage
         * @description An insight's sources, recursively; any memory's revision history.
         */
        get: operations["V1MemoriesMemoryIdLineageLineage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * RememberBatch
         * @description Remember up to 1,000 episodes at once; ids come back in input order. An item
         *     repeating a stored memory (or an earlier item) gets its id; reinforced lists the
         *     stored ones reinforced.
         */
        post: operations["V1MemoriesBatchRememberBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Metrics
         * @description The server's Prometheus figures: requests by path (every worker's), recalls,
         *     memories written, reflections, contradiction checks and their delay, Neo4j errors;
         *     then what waits in Neo4j now (checks, pending pairs, memories). No API key.
         */
        get: operations["V1MetricsMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prime
         * @description Start-of-conversation context: recent, relevant, insights, and what waits.
         */
        post: operations["V1PrimePrime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recall
         * @description Recall by one or more strategies; in the full view (the default) each result
         *     carries its score breakdown, in the compact view only what an agent needs.
         */
        post: operations["V1RecallRecall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reflect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reflect
         * @description LLM route: the configured provider proposes and validates insights (409 when
         *     no provider is configured: use the agent route).
         */
        post: operations["V1ReflectReflect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reflect/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Commit
         * @description Agent route, step 2: store the insights drawn from a session's clusters and the
         *     verdicts on its stale insights. Any id the session did not hand out refuses the
         *     whole commit (409).
         */
        post: operations["V1ReflectCommitCommit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reflect/prepare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare
         * @description Agent route, step 1: cluster new episodes and return one proposal prompt per
         *     cluster (and the stale insights to judge). No LLM is called; the session expires
         *     after 10 minutes.
         */
        post: operations["V1ReflectPreparePrepare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reflect/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status
         * @description Is reflection due for the entity (or the tenant), and why?
         */
        get: operations["V1ReflectStatusStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/revise/{memory_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Revise
         * @description Revise a memory in place; its old state is kept as a snapshot.
         */
        put: operations["V1ReviseMemoryIdRevise"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** AnalogicalSpec */
        AnalogicalSpec: {
            /** @default 0.5 */
            analogical_alpha?: number;
            /** @default false */
            cross_entity?: boolean;
            entity_id?: string | null;
            seed_memory_id?: string | null;
            /** @constant */
            strategy: "analogical";
            top_k?: number | null;
        };
        /** BatchIn */
        BatchIn: {
            memories: components["schemas"]["MemoryIn"][];
        };
        /** BatchOut */
        BatchOut: {
            /** @description One id per item, in input order; an item that duplicated a stored memory or an earlier item has that memory's id. */
            memory_ids: string[];
            /** @description The ids among memory_ids of memories stored before this call and reinforced instead of stored again (each once). */
            reinforced?: string[];
        };
        /** CausalSpec */
        CausalSpec: {
            /**
             * @default both
             * @enum {string}
             */
            direction?: "forward" | "backward" | "both";
            edge_types?: components["schemas"]["EdgeType"][] | null;
            entity_id?: string | null;
            /** @default 5 */
            max_depth?: number;
            seed_memory_id?: string | null;
            /** @constant */
            strategy: "causal";
            top_k?: number | null;
        };
        /** CommitIn */
        CommitIn: {
            verdicts: components["schemas"]["VerdictIn"][];
        };
        /** CommitOut */
        CommitOut: {
            contradictions_confirmed: number;
            dismissed: number;
            revisions_created: number;
        };
        /** CompactMemory */
        CompactMemory: {
            /** @description Insights only. */
            confidence?: number;
            content: string;
            /** @description Only when not the request's. */
            entity_id?: string;
            id: string;
            kind: components["schemas"]["MemoryKind"];
            /** Format: date-time */
            occurred_at: string;
            stale_reason?: string;
        };
        /** CompactPrimeOut */
        CompactPrimeOut: {
            /** @description Only when true: the wait for the contradiction checks of memories just stored ended at its bound, so more pending pairs may appear. */
            checks_wait_timed_out?: boolean;
            entity_id: string;
            insights?: components["schemas"]["CompactMemory"][];
            pending_contradictions?: components["schemas"]["PendingSummary"];
            recent: components["schemas"]["CompactResult"][];
            /** @description Only when due. */
            reflection?: components["schemas"]["CompactReflection"];
            relevant: components["schemas"]["CompactResult"][];
            stale_insights?: components["schemas"]["CompactMemory"][];
        };
        /** CompactRecallOut */
        CompactRecallOut: {
            results: components["schemas"]["CompactResult"][];
        };
        /** CompactReflection */
        CompactReflection: {
            due: boolean;
            reason?: string;
        };
        /** CompactResult */
        CompactResult: {
            /** @description Memories it has a confirmed contradiction with. */
            conflicts_with?: string[];
            content: string;
            /** @description Only when not the request's. */
            entity_id?: string;
            id: string;
            kind: components["schemas"]["MemoryKind"];
            /** @description Newer recalled memories that may supersede it. */
            may_be_superseded_by?: string[];
            /** Format: date-time */
            occurred_at: string;
            score: number;
            /** @description Only when true. */
            stale?: boolean;
            /** @description Only when true. */
            superseded?: boolean;
        };
        /** ConflictNote */
        ConflictNote: {
            rank: number;
            /** @description Its rank by the score its own parts gave it. */
            rank_by_score: number;
            /** @description older memories it may supersede, now below it */
            ranked_above?: string[];
            /** @description newer memories that may supersede it, now above it */
            ranked_below?: string[];
            /** @description Its score before it was moved above an older memory it may supersede (its score is now that memory's); null when its score did not change. */
            score_before?: number | null;
        };
        /** Contributor */
        Contributor: {
            /** @description What it added to relevance, on relevance's scale (before the clip to 1); none for a conflict. */
            amount?: number | null;
            /** @description The period named, or the conflict. */
            detail?: string | null;
            /**
             * @description neighbour: a FOLLOWED_BY timeline neighbour that matched lent it a share of its score (recall_neighbour_share); insight_source: the best of the episodes this insight was drawn from lifted it (recall_insight_share); cue_date: it occurred in a period the cue names (recall_time_boost); conflict: a memory it contradicts or that may supersede it (or it them), or that answers the cue alike at another time (breakdown.conflict says how the order moved); current_state: the cue asks what is true now, so its recency is its place among the candidates' times (recall_current_recency), not its age.
             * @enum {string}
             */
            kind: "neighbour" | "insight_source" | "cue_date" | "conflict" | "current_state";
            /** @description The memory it came from. */
            memory_id?: string | null;
        };
        /** ConversationIn */
        ConversationIn: {
            /** @description Who or what the conversation is about. */
            entity_id: string;
            /** @description The turns, in order. */
            messages: components["schemas"]["MessageIn"][];
            /** @description The conversation's id; omitted: a new session (its id comes back). The same session_id again appends to it. */
            session_id?: string | null;
            /** @description When the session started: turns without occurred_at are placed one second apart from here (else just after now, a millisecond apart). */
            started_at?: string | null;
        };
        /** ConversationOut */
        ConversationOut: {
            entity_id: string;
            /** @description The turn index of the first episode stored here. */
            first_turn: number;
            /** @description The episodes this call stored, in turn order. */
            memory_ids: string[];
            session_id: string;
            /** @description Turns already stored in the session (a re-send). */
            skipped: number;
            /** @description Turns stored by this call. */
            stored: number;
            /** @description Turns the session holds now. */
            turns: number;
        };
        /** Edge */
        Edge: {
            confidence: number;
            /** Format: date-time */
            created_at: string;
            edge_type: components["schemas"]["EdgeType"];
            source_id: string;
            target_id: string;
        };
        /** EdgeIn */
        EdgeIn: {
            /** @default 1 */
            confidence?: number;
            edge_type: components["schemas"]["EdgeType"];
            target_id: string;
        };
        /** EdgesOut */
        EdgesOut: {
            edges: components["schemas"]["Edge"][];
        };
        /**
         * EdgeType
         * @enum {string}
         */
        EdgeType: "CAUSED_BY" | "FOLLOWED_BY" | "RELATED_TO" | "REVISED_FROM" | "CONTRADICTS" | "INSIGHT_FROM";
        /** EntitiesOut */
        EntitiesOut: {
            entities: components["schemas"]["EntityCount"][];
            next_after?: string | null;
        };
        /** EntityCount */
        EntityCount: {
            entity_id: string;
            memory_count: number;
            updated_at?: string | null;
        };
        /** @description Every refusal: a code to branch on, a message naming the problem. */
        Error: {
            error: {
                /** @example invalid_input */
                code: string;
                /** @description What was at fault (a field, a limit), or null. */
                details: unknown;
                message: string;
            };
        };
        /** ErrorFrame */
        ErrorFrame: {
            error: components["schemas"]["FrameError"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "error";
        };
        /** ForgetIn */
        ForgetIn: {
            access_count_below?: number | null;
            decay_below?: number | null;
            entity_id?: string | null;
            /** @enum {null|string} */
            kind?: "episode" | "insight" | null;
            memory_ids?: string[] | null;
            older_than?: string | null;
        };
        /** ForgetOut */
        ForgetOut: {
            forgotten: number;
            /** @default 0 */
            stale_insights?: number;
            tombstones: components["schemas"]["Tombstone"][];
        };
        /** FrameError */
        FrameError: {
            /** Code */
            code: string;
            /**
             * Details
             * @default null
             */
            details: unknown;
            /** Message */
            message: string;
        };
        /** GraphEdge */
        GraphEdge: {
            confidence: number;
            edge_type: components["schemas"]["EdgeType"];
            source_id: string;
            target_id: string;
        };
        /** GraphNode */
        GraphNode: {
            confidence?: number | null;
            content: string;
            entity_id: string | null;
            id: string;
            importance: number;
            kind: string;
            /** Format: date-time */
            occurred_at: string;
            /** @default false */
            stale?: boolean;
            /** @default false */
            superseded?: boolean;
            /** @default 1 */
            version?: number;
        };
        /** GraphOut */
        GraphOut: {
            edges: components["schemas"]["GraphEdge"][];
            nodes: components["schemas"]["GraphNode"][];
        };
        /** HybridSpec */
        HybridSpec: {
            entity_id?: string | null;
            /** @constant */
            strategy: "hybrid";
            top_k?: number | null;
        };
        /** Insight */
        Insight: {
            /** @default 0 */
            access_count?: number;
            confidence?: number | null;
            content: string;
            content_sha256: string;
            context?: {
                [key: string]: unknown;
            };
            /**
             * @description True while this memory's contradiction check has not run yet: just stored or revised (detection runs right after the answer), or a check that failed and will be retried. Pairs it raises appear once it is false.
             * @default false
             */
            contradiction_check_pending?: boolean;
            /** Format: date-time */
            created_at: string;
            /** @default 0 */
            decay_score?: number;
            entity_id?: string | null;
            id: string;
            importance: number;
            kind: components["schemas"]["MemoryKind"];
            /** Format: date-time */
            last_accessed_at: string;
            /** Format: date-time */
            occurred_at: string;
            /**
             * @description Only in remember's answer, and only when true: the content was already remembered (on_duplicate: reinforce), so this is the existing memory, reinforced (access_count + 1), and nothing new was stored (REST answers 200 then, 201 for a memory stored).
             * @default false
             */
            reinforced?: boolean;
            /** @description When a later remember said it again, in the same words (a duplicate reinforces this memory instead of storing another): recall takes the later of this and occurred_at as when it last said what it says. Null until then. */
            restated_at?: string | null;
            source_count?: number | null;
            source_memory_ids?: string[];
            stale?: boolean | null;
            stale_reason?: string | null;
            stale_since?: string | null;
            superseded_at?: string | null;
            superseded_by?: string | null;
            tags?: string[];
            /** Format: date-time */
            updated_at: string;
            /** @default 1 */
            version?: number;
        };
        /** InsightIn */
        InsightIn: {
            cluster_id?: number | null;
            confidence: number;
            content: string;
            source_memory_ids: string[];
            tags?: string[];
        };
        /** InsightsOut */
        InsightsOut: {
            insights: components["schemas"]["Insight"][];
        };
        /** LineageOut */
        LineageOut: {
            memory: components["schemas"]["Memory"];
            revisions?: components["schemas"]["LineageStep"][];
            sources?: components["schemas"]["LineageStep"][];
        };
        /** LineageStep */
        LineageStep: {
            depth: number;
            memory: components["schemas"]["Memory"];
            path?: string[];
        };
        /** MapEdge */
        MapEdge: {
            edge_type: components["schemas"]["EdgeType"];
            source_id: string;
            target_id: string;
        };
        /** MapOut */
        MapOut: {
            /**
             * @description Whether points holds every memory (false: only those created or updated after `since`; the others are where the last answer put them).
             * @default true
             */
            complete?: boolean;
            /**
             * @description How many memories the entity has on the map.
             * @default 0
             */
            count?: number;
            edges: components["schemas"]["MapEdge"][];
            entity_id: string;
            points: components["schemas"]["MapPoint"][];
            /** @description How the places were found: 'full' (fitted now), 'cached' (as last time) or 'incremental' (new memories projected with the cached fit). */
            projection: string;
            /** @description The map's labelled regions (none below 12 memories); fitted with the projection, new memories joining the nearest. */
            regions?: components["schemas"]["MapRegion"][];
            /** @description The latest created or updated time among them: pass it as `since` to be sent only what changed after it. */
            stamp?: string | null;
        };
        /** MapPoint */
        MapPoint: {
            /** @description The first 80 characters of its content. */
            caption: string;
            id: string;
            importance: number;
            kind: string;
            /** Format: date-time */
            occurred_at: string;
            /** @description The id of the region it lies in (MapOut.regions). */
            region?: number | null;
            /** @default false */
            stale?: boolean;
            /** @default false */
            superseded?: boolean;
            x: number;
            y: number;
        };
        /** MapRegion */
        MapRegion: {
            /** @description How many memories lie in it. */
            count: number;
            /** @description The region's number, 0 first; MapPoint.region names it. */
            id: number;
            /** @description That insight's caption. */
            insight?: string | null;
            /** @description An insight most of whose sources (60% or more, 3 at least) lie here. */
            insight_id?: string | null;
            /** @description Its 2-3 most distinctive content words (frequent among its memories, rarer in the rest of the entity), joined by ' · '; empty when none stands out. */
            label: string;
            /** @description The circle about (x, y) that holds 90% of its members. */
            radius: number;
            /** @description Its members' centre of mass, in the points' coordinates. */
            x: number;
            y: number;
        };
        /** Memory */
        Memory: {
            /** @default 0 */
            access_count?: number;
            confidence?: number | null;
            content: string;
            content_sha256: string;
            context?: {
                [key: string]: unknown;
            };
            /**
             * @description True while this memory's contradiction check has not run yet: just stored or revised (detection runs right after the answer), or a check that failed and will be retried. Pairs it raises appear once it is false.
             * @default false
             */
            contradiction_check_pending?: boolean;
            /** Format: date-time */
            created_at: string;
            /** @default 0 */
            decay_score?: number;
            entity_id?: string | null;
            id: string;
            importance: number;
            kind: components["schemas"]["MemoryKind"];
            /** Format: date-time */
            last_accessed_at: string;
            /** Format: date-time */
            occurred_at: string;
            /**
             * @description Only in remember's answer, and only when true: the content was already remembered (on_duplicate: reinforce), so this is the existing memory, reinforced (access_count + 1), and nothing new was stored (REST answers 200 then, 201 for a memory stored).
             * @default false
             */
            reinforced?: boolean;
            /** @description When a later remember said it again, in the same words (a duplicate reinforces this memory instead of storing another): recall takes the later of this and occurred_at as when it last said what it says. Null until then. */
            restated_at?: string | null;
            source_count?: number | null;
            stale?: boolean | null;
            stale_reason?: string | null;
            stale_since?: string | null;
            superseded_at?: string | null;
            superseded_by?: string | null;
            tags?: string[];
            /** Format: date-time */
            updated_at: string;
            /** @default 1 */
            version?: number;
        };
        /** MemoryIn */
        MemoryIn: {
            /** @description What happened, in the agent's words. */
            content: string;
            /** @description Any JSON object, at most 16 KiB and 32 levels deep. */
            context?: {
                [key: string]: unknown;
            } | null;
            edges?: components["schemas"]["EdgeIn"][];
            entity_id?: string | null;
            /** @default 0.5 */
            importance?: number;
            /** @description When it happened (ISO 8601); defaults to now. */
            occurred_at?: string | null;
            /**
             * @description When the same entity (or, without entity_id, the tenant) already holds a current episode with the same content (compared trimmed, whitespace collapsed): reinforce (the default) reinforces that memory as a recall does and returns it, with reinforced: true, storing nothing new (this request's importance, context, tags and occurred_at are not applied; its edges are added to it); store stores a second copy anyway.
             * @default reinforce
             * @enum {string}
             */
            on_duplicate?: "reinforce" | "store";
            tags?: string[];
        };
        /**
         * MemoryKind
         * @enum {string}
         */
        MemoryKind: "episode" | "insight" | "snapshot";
        /** MemoryPage */
        MemoryPage: {
            items: components["schemas"]["Memory"][];
            next_cursor?: string | null;
        };
        /** MemoryPush */
        MemoryPush: {
            /**
             * After Text
             * @description index (0-based) of the line the recall followed
             */
            after_text: number;
            breakdown: components["schemas"]["ScoreBreakdown"];
            memory: components["schemas"]["Memory"];
            /** Score */
            score: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "memory";
        };
        /** MessageIn */
        MessageIn: {
            /** @description What was said. */
            content: string;
            /** @description The message's own id where the chat has one; a turn already stored with this id in the session is not stored again. */
            message_id?: string | null;
            /** @description When it was said (ISO 8601); else spread from started_at. */
            occurred_at?: string | null;
            /** @description The speaker's role (user, assistant, tool, …); or speaker. */
            role?: string | null;
            /** @description Who said it, by name (e.g. Caroline); or give role. */
            speaker?: string | null;
        };
        /** PathStep */
        PathStep: {
            edge_type?: components["schemas"]["EdgeType"] | null;
            memory_id: string;
        };
        /** PendingContradiction */
        PendingContradiction: {
            /** @enum {string} */
            classifier_method: "heuristic" | "llm";
            classifier_score: number;
            content_a_snippet: string;
            content_b_snippet: string;
            /** Format: date-time */
            created_at: string;
            memory_a?: components["schemas"]["PendingMemory"] | null;
            memory_b?: components["schemas"]["PendingMemory"] | null;
            memory_id_a: string;
            memory_id_b: string;
            pending_id: string;
            reasoning?: string | null;
            signals?: string[];
            similarity: number;
            /** @enum {string} */
            suggested_verdict: "contradiction" | "revision";
        };
        /** PendingMemory */
        PendingMemory: {
            entity_id?: string | null;
            importance: number;
            kind: components["schemas"]["MemoryKind"];
            /** Format: date-time */
            occurred_at: string;
        };
        /** PendingSummary */
        PendingSummary: {
            count: number;
            /** @description The first few pending_ids, strongest first. */
            first: string[];
            /** @description How to review them. */
            next: string;
        };
        /** PrepareIn */
        PrepareIn: {
            /** @description next_cursor of the previous call. */
            cursor?: string | null;
            entity_id?: string | null;
            /** @default 50 */
            limit?: number;
            /** @description Wait up to this many seconds for the contradiction checks now running in scope (of memories just stored, which are checked right after their answer) before answering, so their pairs are in it; 0 answers at once. Default: the server's contradiction_prepare_wait_s (2 s). */
            wait_for_checks_s?: number | null;
        };
        /** PrepareOut */
        PrepareOut: {
            /**
             * @description Memories in scope whose contradiction check has not completed (still running when the wait ended, a failed check waiting for its retry, or one whose worker stopped): more pairs may appear.
             * @default 0
             */
            checks_pending?: number;
            /**
             * @description True when the wait ended at its bound with checks still running: their pairs may appear later (ask again).
             * @default false
             */
            checks_wait_timed_out?: boolean;
            /**
             * @description How long this answer waited for running contradiction checks.
             * @default 0
             */
            checks_waited_ms?: number;
            /** @default For each pending pair, read both snippets and decide: 'contradiction' when both cannot be true at once (a CONTRADICTS edge is written both ways and recall marks each side with conflicts_with); 'revision' when one states an update of the other (the newer gets a REVISED_FROM edge to the older, and the older is left out of recall; by default the memory that occurred later is the newer, or name it with newer_memory_id); 'dismiss' when they do not really conflict (the pair is not raised again unless one of them is revised). Commit all verdicts in one call. */
            instructions?: string;
            /** @description Pass back as cursor for the next page; null on the last. */
            next_cursor?: string | null;
            pending: components["schemas"]["PendingContradiction"][];
            /** @description Pending pairs in scope, including those past the limit. */
            total: number;
        };
        /** PrimeIn */
        PrimeIn: {
            entity_id: string;
            /**
             * @description Recent and relevant memories together.
             * @default 20
             */
            max_memories?: number;
            /** @description At most this many memories in each section (recent, relevant, insights, stale_insights); default the prime_per_section setting (10). */
            per_section?: number | null;
            /**
             * Format: duration
             * @description How far back 'recent' reaches: seconds or an ISO 8601 duration (P7D).
             * @default P7D
             */
            recency_window?: string;
            similarity_cue?: string | null;
            /**
             * @description full (default): every field and the score breakdown. compact: per memory only id, content, score, kind, occurred_at, and entity_id, conflicts_with, may_be_superseded_by when they apply; nothing null, no hashes. Compact prime counts pending contradictions instead of listing them.
             * @default full
             * @enum {string}
             */
            view?: "full" | "compact";
            /** @description Wait up to this many seconds for the contradiction checks now running in scope (of memories just stored, which are checked right after their answer) before answering, so their pairs are in it; 0 answers at once. Default: the server's contradiction_prepare_wait_s (2 s). */
            wait_for_checks_s?: number | null;
        };
        /** PrimeOut */
        PrimeOut: {
            /**
             * @description True when the wait ended at its bound with checks still running: their pairs may appear later (ask again).
             * @default false
             */
            checks_wait_timed_out?: boolean;
            /**
             * @description How long this answer waited for running contradiction checks.
             * @default 0
             */
            checks_waited_ms?: number;
            entity_id: string;
            insights: components["schemas"]["Memory"][];
            /** @description The strongest pending pairs (at most 20). */
            pending_contradictions?: {
                [key: string]: unknown;
            }[];
            /**
             * @description How many pairs are pending in all.
             * @default 0
             */
            pending_total?: number;
            recent: components["schemas"]["RecallResult"][];
            reflection?: components["schemas"]["ReflectionDue"];
            relevant: components["schemas"]["RecallResult"][];
            stale_insights?: components["schemas"]["Memory"][];
        };
        /** ProposalOutcome */
        ProposalOutcome: {
            cluster_id: number;
            confidence?: number | null;
            content: string;
            insight_id?: string | null;
            reason?: string | null;
            source_memory_ids?: string[];
            /** @enum {string} */
            verdict: "accepted" | "revised" | "rejected" | "merged";
        };
        /**
         * Recalled
         * @description A recall ran on the window ending at line ``after_text``.
         */
        Recalled: {
            /** After Text */
            after_text: number;
            /** Pushed */
            pushed: number;
            /** Took Ms */
            took_ms: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "recalled";
        };
        /** RecallOut */
        RecallOut: {
            results: components["schemas"]["RecallResult"][];
            took_ms: number;
        };
        /** RecallRequest */
        RecallRequest: {
            cue?: string | null;
            entity_id?: string | null;
            /** @default false */
            include_stale?: boolean;
            /** @default false */
            include_superseded?: boolean;
            /**
             * @description What to do with conflicting memories among the candidates, before the cut to top_k. keep (default): return both sides; a confirmed contradiction marks both with conflicts_with, and a memory that may be superseded (a pending contradiction, or the heuristic classifier on two memories of one entity, with a newer other side) is ranked just below the newer and marked with may_be_superseded_by. suppress: as keep, then of a confirmed contradiction only the more confident (then newer) side. current: as suppress, and every memory that may be superseded is left out.
             * @default keep
             * @enum {string}
             */
            on_conflict?: "keep" | "suppress" | "current";
            /** @enum {null|string} */
            preset?: "default" | "semantic" | "recent" | "important" | null;
            /** @default true */
            reinforce?: boolean;
            /** @description the strategies to run (omitted: hybrid), each with its own fields */
            strategies?: (components["schemas"]["AnalogicalSpec"] | components["schemas"]["CausalSpec"] | components["schemas"]["HybridSpec"] | components["schemas"]["SessionSpec"] | components["schemas"]["SimilaritySpec"] | components["schemas"]["TemporalSpec"])[] | null;
            /** @default 10 */
            top_k?: number;
            /**
             * @description full (default): every field and the score breakdown. compact: per memory only id, content, score, kind, occurred_at, and entity_id, conflicts_with, may_be_superseded_by when they apply; nothing null, no hashes.
             * @default full
             * @enum {string}
             */
            view?: "full" | "compact";
            weights?: components["schemas"]["Weights"] | null;
        };
        /** RecallResult */
        RecallResult: {
            breakdown: components["schemas"]["ScoreBreakdown"];
            conflicts_with?: string[];
            /** @description newer recalled memories that may supersede it (no verdict yet) */
            may_be_superseded_by?: string[];
            memory: components["schemas"]["Memory"];
            score: number;
            /** @default false */
            stale?: boolean;
            /** @default false */
            superseded?: boolean;
        };
        /** ReflectCluster */
        ReflectCluster: {
            cluster_id: number;
            member_count: number;
            memories: components["schemas"]["ReflectMemory"][];
            memory_ids: string[];
            proposal_system_prompt: string;
            proposal_user_prompt: string;
        };
        /** ReflectCommitIn */
        ReflectCommitIn: {
            insights?: components["schemas"]["InsightIn"][];
            session_id: string;
            stale_verdicts?: components["schemas"]["StaleVerdictIn"][];
        };
        /** ReflectCommitOut */
        ReflectCommitOut: {
            insight_ids: string[];
            insights_created: number;
            memories_processed: number;
            session_id: string;
            /** @default 0 */
            stale_kept?: number;
            /** @default 0 */
            stale_retired?: number;
            /** @default 0 */
            stale_rewritten?: number;
        };
        /** ReflectIn */
        ReflectIn: {
            /** @description Reflect one entity's episodes; omitted: the whole tenant. */
            entity_id?: string | null;
            /**
             * @description At most this many episodes, oldest first.
             * @default 500
             */
            limit?: number;
            /** @description Only episodes that occurred at or after this time. */
            since?: string | null;
        };
        /** ReflectionDue */
        ReflectionDue: {
            details?: {
                [key: string]: unknown;
            };
            /** @default false */
            due?: boolean;
            reason?: string | null;
        };
        /** ReflectMemory */
        ReflectMemory: {
            content: string;
            /** Format: date-time */
            created_at: string;
            importance: number;
            memory_id: string;
        };
        /** ReflectOut */
        ReflectOut: {
            clusters: number;
            insights: components["schemas"]["Insight"][];
            /** @default 0 */
            llm_calls?: number;
            memories_processed: number;
            message?: string | null;
            proposals: components["schemas"]["ProposalOutcome"][];
            stale?: components["schemas"]["StaleOutcome"][];
            /** @default 0 */
            took_ms?: number;
        };
        /** ReflectPrepareIn */
        ReflectPrepareIn: {
            /** @description Reflect one entity's episodes; omitted: the whole tenant. */
            entity_id?: string | null;
            /**
             * @description At most this many episodes, oldest first.
             * @default 500
             */
            limit?: number;
            /** @description Only episodes that occurred at or after this time. */
            since?: string | null;
        };
        /** ReflectPrepareOut */
        ReflectPrepareOut: {
            clusters: components["schemas"]["ReflectCluster"][];
            entity_id?: string | null;
            /** Format: date-time */
            expires_at: string;
            memories_processed: number;
            message?: string | null;
            session_id: string;
            stale_insights?: components["schemas"]["StaleInsight"][];
        };
        /** ReflectStatus */
        ReflectStatus: {
            due: boolean;
            entity_id?: string | null;
            last_reflected_at?: string | null;
            /** @default false */
            llm_configured?: boolean;
            /** @default 0 */
            new_episodes?: number;
            /** @default 0 */
            new_importance?: number;
            reason?: string | null;
            reasons?: string[];
            /** @default 0 */
            stale_insights?: number;
        };
        /** RestoreOut */
        RestoreOut: {
            /** @default 0 */
            re_embedded?: number;
            restored: {
                [key: string]: number;
            };
        };
        /** ReviseIn */
        ReviseIn: {
            content?: string | null;
            context?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default merge
             * @enum {string}
             */
            context_mode?: "merge" | "replace";
            entity_id?: string | null;
            importance?: number | null;
        };
        /** ScanIn */
        ScanIn: {
            /** @description next_cursor of the previous call. */
            cursor?: string | null;
            entity_id?: string | null;
            /** @description Memories to visit in this call (all if unset). */
            limit?: number | null;
            /** @description Only memories that occurred since. */
            since?: string | null;
        };
        /** ScanOut */
        ScanOut: {
            /**
             * @description Open neighbour pairs the heuristic flagged (score >= min).
             * @default 0
             */
            candidates?: number;
            /**
             * @description Memories checked against their neighbours.
             * @default 0
             */
            checked?: number;
            /** @default 0 */
            contradictions_created?: number;
            /** @default 0 */
            llm_calls?: number;
            next_cursor?: string | null;
            /** @default 0 */
            pending_created?: number;
            /** @default 0 */
            revisions_created?: number;
            took_ms: number;
            /** @description Memories the whole scan covers (for progress). */
            total: number;
            /**
             * @description Memories whose check was waiting (failed, or not run yet) that the scan checked first; their pairs are counted with the rest.
             * @default 0
             */
            waiting_checked?: number;
        };
        /** ScoreBreakdown */
        ScoreBreakdown: {
            conflict?: components["schemas"]["ConflictNote"] | null;
            /** @description What contributed beyond the result's own relevance; empty when nothing did. */
            contributors?: components["schemas"]["Contributor"][];
            depth?: number | null;
            importance: number;
            path?: components["schemas"]["PathStep"][] | null;
            recency: number;
            reinforcement: number;
            relevance: number;
            strategies: string[];
            weights: components["schemas"]["Weights"];
        };
        /** SessionSpec */
        SessionSpec: {
            entity_id?: string | null;
            session_id: string;
            /** @constant */
            strategy: "session";
            top_k?: number | null;
        };
        /** SimilaritySpec */
        SimilaritySpec: {
            entity_id?: string | null;
            /** @constant */
            strategy: "similarity";
            top_k?: number | null;
        };
        /** StaleInsight */
        StaleInsight: {
            confidence?: number | null;
            content: string;
            entity_id?: string | null;
            memory_id: string;
            review_system_prompt: string;
            review_user_prompt: string;
            source_memory_ids: string[];
            sources: components["schemas"]["ReflectMemory"][];
            stale_reason?: string | null;
            stale_since?: string | null;
        };
        /** StaleOutcome */
        StaleOutcome: {
            content?: string | null;
            memory_id: string;
            reason?: string | null;
            /** @enum {string} */
            verdict: "keep" | "rewrite" | "retire" | "unchanged";
        };
        /** StaleVerdictIn */
        StaleVerdictIn: {
            confidence?: number | null;
            /** @description The new wording (rewrite only). */
            content?: string | null;
            memory_id: string;
            /** @enum {string} */
            verdict: "keep" | "rewrite" | "retire";
        };
        /**
         * StrategySpec
         * @description A strategy as the wire carries it, for callers without the server (the client):
         *     the name and the common fields are checked here; the strategy's own fields are kept
         *     as given and checked by the server against that strategy's model.
         */
        StrategySpec: {
            /**
             * Entity Id
             * @default null
             */
            entity_id?: string | null;
            /** Strategy */
            strategy: string;
            /**
             * Top K
             * @default null
             */
            top_k?: number | null;
        };
        /** Subscribed */
        Subscribed: {
            /** Debounce Ms */
            debounce_ms: number;
            /**
             * Max Frame Bytes
             * @description a larger frame gets an error frame (and is not a line of the window)
             */
            max_frame_bytes: number;
            /** Max Recalls Per S */
            max_recalls_per_s: number;
            /** Threshold */
            threshold: number;
            /** Top K */
            top_k: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subscribed";
            /** Window Chars */
            window_chars: number;
            /** Window Lines */
            window_lines: number;
        };
        /** @description A frame the server sends on /v1/subscribe. */
        SubscribeFrame: components["schemas"]["Subscribed"] | components["schemas"]["MemoryPush"] | components["schemas"]["Recalled"] | components["schemas"]["ErrorFrame"];
        /**
         * SubscribeIn
         * @description The scope of a subscription: what to recall on the conversation's window, and
         *     which results are worth a push (``score >= threshold``).
         */
        SubscribeIn: {
            /**
             * Api Key
             * @description for browsers, which cannot set Authorization on a WebSocket
             * @default null
             */
            api_key?: string | null;
            /**
             * Entity Id
             * @default null
             */
            entity_id?: string | null;
            /**
             * Include Stale
             * @default false
             */
            include_stale?: boolean;
            /**
             * Include Superseded
             * @default false
             */
            include_superseded?: boolean;
            /**
             * Max Recalls Per S
             * @description at most this many recalls a second (capped)
             * @default null
             */
            max_recalls_per_s?: number | null;
            /**
             * On Conflict
             * @default keep
             * @enum {string}
             */
            on_conflict?: "keep" | "suppress" | "current";
            /**
             * Preset
             * @default null
             */
            preset?: ("default" | "semantic" | "recent" | "important") | null;
            /**
             * Strategies
             * @default null
             */
            strategies?: components["schemas"]["StrategySpec"][] | null;
            /**
             * Threshold
             * @description push a result whose score is at least this (with the default similarity strategy and semantic preset, the score is the cosine similarity of the memory and the window; hybrid scales its best candidate to relevance 1, so there a threshold says less)
             * @default 0.3
             */
            threshold?: number;
            /**
             * Top K
             * @default 5
             */
            top_k?: number;
            /**
             * Type
             * @default subscribe
             * @constant
             */
            type?: "subscribe";
            /** @default null */
            weights?: components["schemas"]["Weights"] | null;
        };
        /** TemporalSpec */
        TemporalSpec: {
            entity_id?: string | null;
            /**
             * @default newest
             * @enum {string}
             */
            order?: "newest" | "oldest";
            /** @constant */
            strategy: "temporal";
            time_range?: components["schemas"]["TimeRange"] | null;
            top_k?: number | null;
        };
        /**
         * TextIn
         * @description One line of the conversation.
         */
        TextIn: {
            /** Text */
            text: string;
            /**
             * Type
             * @default text
             * @constant
             */
            type?: "text";
        };
        /** TimeRange */
        TimeRange: {
            end?: string | null;
            start?: string | null;
        };
        /** Tombstone */
        Tombstone: {
            content_sha256: string;
            entity_id?: string | null;
            /** Format: date-time */
            forgotten_at: string;
            memory_id: string;
        };
        /** VerdictIn */
        VerdictIn: {
            /** @default 1 */
            confidence?: number;
            /** @description For 'revision': which side is the newer (default: by date). */
            newer_memory_id?: string | null;
            pending_id: string;
            reasoning?: string | null;
            /** @enum {string} */
            verdict: "contradiction" | "revision" | "dismiss";
        };
        /** Weights */
        Weights: {
            importance: number;
            recency: number;
            reinforcement: number;
            relevance: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    V1ContradictionsCommitCommit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommitIn"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommitOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ContradictionsPreparePrepare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PrepareIn"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrepareOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ContradictionsScanScan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScanIn"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ConversationsRememberConversation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationIn"];
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Valid input that clashes with stored state: an expired or unknown reflect session, an id that session did not hand out, an LLM route with no LLM set, or a restore into a non-empty tenant, of ids already stored, or of another model's embeddings, or a conversation turn earlier than the last turn its session holds. */
            409: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1EntitiesEntities: {
        parameters: {
            query?: {
                after?: string | null;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntitiesOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ExportExport: {
        parameters: {
            query?: {
                embeddings?: boolean;
                /** @description Scope to this entity (1..256 characters). */
                entity_id?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backup, streamed. */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ForgetForget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgetIn"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForgetOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1GraphGraph: {
        parameters: {
            query?: {
                depth?: number;
                /** @description Scope to this entity (1..256 characters). */
                entity_id?: string | null;
                /** @description Comma-separated memory ids. */
                ids?: string | null;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1HealthLiveLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: string;
                    };
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1HealthReadyReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not ready: Neo4j is unreachable or an index is not ONLINE. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    V1ImportRestore: {
        parameters: {
            query?: {
                allow_non_empty?: boolean;
                re_embed?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-ndjson": string;
                "text/plain": string;
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestoreOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Valid input that clashes with stored state: an expired or unknown reflect session, an id that session did not hand out, an LLM route with no LLM set, or a restore into a non-empty tenant, of ids already stored, or of another model's embeddings, or a conversation turn earlier than the last turn its session holds. */
            409: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1InsightsInsights: {
        parameters: {
            query?: {
                /** @description Scope to this entity (1..256 characters). */
                entity_id?: string | null;
                limit?: number;
                min_confidence?: number | null;
                stale?: boolean | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsightsOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1MapSemanticMap: {
        parameters: {
            query?: {
                /** @description Scope to this entity (1..256 characters). */
                entity_id?: string | null;
                /** @description The stamp of an earlier answer: send only the memories created or updated after it (and the edges touching them); the map polls with it. */
                since?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MapOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1MemoriesListMemories: {
        parameters: {
            query?: {
                cursor?: string | null;
                /** @description Scope to this entity (1..256 characters). */
                entity_id?: string | null;
                kind?: components["schemas"]["MemoryKind"] | null;
                limit?: number;
                since?: string | null;
                until?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryPage"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1MemoriesRemember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemoryIn"];
            };
        };
        responses: {
            /** @description The content was already remembered: the existing memory, reinforced (reinforced: true); nothing new was stored. */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Memory"];
                };
            };
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Memory"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1MemoriesMemoryIdGetMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Memory"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1MemoriesMemoryIdEdgesEdges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EdgesOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1MemoriesMemoryIdEdgesLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EdgeIn"];
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Edge"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1MemoriesMemoryIdLineageLineage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineageOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1MemoriesBatchRememberBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchIn"];
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1MetricsMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=1.0.0; charset=utf-8": string;
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1PrimePrime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PrimeIn"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrimeOut"] | components["schemas"]["CompactPrimeOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1RecallRecall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecallRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecallOut"] | components["schemas"]["CompactRecallOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ReflectReflect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReflectIn"] | null;
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReflectOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Valid input that clashes with stored state: an expired or unknown reflect session, an id that session did not hand out, an LLM route with no LLM set, or a restore into a non-empty tenant, of ids already stored, or of another model's embeddings, or a conversation turn earlier than the last turn its session holds. */
            409: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The configured LLM failed after retries or kept answering in the wrong shape. */
            502: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ReflectCommitCommit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReflectCommitIn"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReflectCommitOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Valid input that clashes with stored state: an expired or unknown reflect session, an id that session did not hand out, an LLM route with no LLM set, or a restore into a non-empty tenant, of ids already stored, or of another model's embeddings, or a conversation turn earlier than the last turn its session holds. */
            409: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ReflectPreparePrepare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReflectPrepareIn"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReflectPrepareOut"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ReflectStatusStatus: {
        parameters: {
            query?: {
                /** @description Scope to this entity (1..256 characters). */
                entity_id?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReflectStatus"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    V1ReviseMemoryIdRevise: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviseIn"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Memory"];
                };
            };
            /** @description Bad input (the message names the field), e.g. a repeated query parameter. */
            400: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API keys are configured and the Authorization bearer key is missing or unknown. */
            401: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API keys are configured and the Host is not a loopback name, or the Origin is not the API's own. */
            403: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such memory in this tenant (an id of another tenant is not found either). */
            404: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, conversation 1,000 messages). */
            413: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as Content-Type: application/json. */
            415: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or a parameter does not validate; details lists every field at fault. */
            422: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Neo4j cannot be reached right now; retry after the Retry-After seconds. */
            503: {
                headers: {
                    /** @description When a Neo4j transaction committed: its bookmarks. Send the value back in the same header (the clients do) and the request's reads wait until Neo4j has applied these writes, whichever worker, host or cluster member serves it. */
                    "Hebbs-Bookmarks"?: string;
                    /** @description Seconds. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
