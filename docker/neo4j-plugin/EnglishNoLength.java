// The fulltext analyzer memory_content uses when Neo4j has it (build.sh beside this file;
// docs/decisions/0006): English analysis as Neo4j's "english" analyzer does it, with every
// token after the first stacked at position increment 0, so BM25 (which discounts
// overlaps) sees every text as length 1: no length normalisation, and nothing of the rest
// of the index in a text's score but the idf (which recall divides out per scope).
package hebbs;

import java.io.IOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.neo4j.graphdb.schema.AnalyzerProvider;

public class EnglishNoLength extends AnalyzerProvider {
    public EnglishNoLength() { super("english-no-length"); }

    @Override public Analyzer createAnalyzer() {
        return new Analyzer() {
            @Override protected TokenStreamComponents createComponents(String field) {
                Tokenizer source = new StandardTokenizer();
                TokenStream ts = new EnglishPossessiveFilter(source);
                ts = new LowerCaseFilter(ts);
                ts = new StopFilter(ts, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
                ts = new PorterStemFilter(ts);
                ts = new Stack(ts);
                return new TokenStreamComponents(source, ts);
            }
        };
    }

    @Override public String description() { return "english, every token after the first stacked (no length normalisation)"; }

    static final class Stack extends TokenFilter {
        private final PositionIncrementAttribute inc = addAttribute(PositionIncrementAttribute.class);
        private boolean first = true;
        Stack(TokenStream in) { super(in); }
        @Override public boolean incrementToken() throws IOException {
            if (!input.incrementToken()) return false;
            if (first) { first = false; if (inc.getPositionIncrement() < 1) inc.setPositionIncrement(1); }
            else inc.setPositionIncrement(0);
            return true;
        }
        @Override public void reset() throws IOException { super.reset(); first = true; }
    }
}
